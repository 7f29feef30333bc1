import { DomainError, invalid } from '@inbox/platform';
import { CloudApiClient, CloudApiError } from '@inbox/whatsapp';

export interface ChannelCredentials {
  phoneNumberId: string;
  /** Checked too when given: the token must manage the WhatsApp Business Account. */
  wabaId?: string;
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
    throw refusal(
      error,
      'phone number',
      'phoneNumberId',
      'The access token must be allowed to use this phone number id',
    );
  }
  // A WABA id belongs to one organization (account-level webhooks find it by that id): claiming one
  // the token cannot manage would shut its real owner out.
  const { wabaId } = credentials;
  if (wabaId === undefined) return;
  try {
    await client.listTemplates(wabaId, { limit: 1 });
  } catch (error) {
    throw refusal(
      error,
      'WhatsApp Business Account',
      'wabaId',
      'The access token must be allowed to manage this WABA',
    );
  }
}

function refusal(error: unknown, what: string, path: string, hint: string): DomainError {
  if (error instanceof CloudApiError && error.code === 0)
    return new DomainError(
      'unavailable',
      'WHATSAPP_UNREACHABLE',
      `WhatsApp could not be reached to confirm the ${what}; retry`,
    );
  const reason = error instanceof CloudApiError ? error.title : (error as Error).message;
  const field = error instanceof CloudApiError && error.code === 190 ? 'accessToken' : path;
  return invalid(
    'CHANNEL_VERIFICATION_FAILED',
    `WhatsApp did not confirm this ${what} for this token: ${reason}`,
    [{ path: field, message: hint }],
  );
}
