import { DomainError, invalid } from '@inbox/platform';
import { CloudApiClient, CloudApiError } from '@inbox/whatsapp';

export interface ChannelCredentials {
  phoneNumberId: string;
  accessToken: string;
  apiBaseUrl: string;
  apiVersion: string;
}

/**
 * Proves the token may use the phone number before an organization claims it: without this, an
 * organization could claim a number it does not own and receive another business's customers.
 */
export async function verifyChannel(credentials: ChannelCredentials): Promise<void> {
  const client = new CloudApiClient({
    baseUrl: credentials.apiBaseUrl,
    version: credentials.apiVersion,
    phoneNumberId: credentials.phoneNumberId,
    accessToken: credentials.accessToken,
    timeoutMs: 8_000,
  });
  try {
    const number = await client.getPhoneNumber();
    if (number.id !== credentials.phoneNumberId) throw new Error(`WhatsApp answered for ${number.id}`);
  } catch (error) {
    if (error instanceof CloudApiError && error.code === 0)
      throw new DomainError(
        'unavailable',
        'WHATSAPP_UNREACHABLE',
        'WhatsApp could not be reached to confirm the phone number; retry',
      );
    const reason = error instanceof CloudApiError ? error.title : (error as Error).message;
    const path = error instanceof CloudApiError && error.code === 190 ? 'accessToken' : 'phoneNumberId';
    throw invalid(
      'CHANNEL_VERIFICATION_FAILED',
      `WhatsApp did not confirm this phone number for this token: ${reason}`,
      [{ path, message: 'The access token must be allowed to use this phone number id' }],
    );
  }
}
