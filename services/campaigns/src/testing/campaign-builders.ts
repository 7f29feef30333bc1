import { DomainError, fromServiceError, isServiceError } from '@inbox/platform';
import type { RecipientInput } from '../domain/recipient-list';
import type { CreateCampaignInput } from '../usecases/campaigns/campaign-input';

/** Test builders for campaign tests (never used by production code). */

/** `count` distinct valid Mexico City numbers (+52 55 …), each with the order_ready body parameters. */
export const mexicanRecipients = (count: number, from = 0): RecipientInput[] =>
  Array.from({ length: count }, (_, i) => ({
    phone: `+52 55 ${String(10_000_000 + from + i).replace(/(\d{4})(\d{4})/, '$1 $2')}`,
    parameters: { body: [`Cliente ${from + i}`, `P-${from + i}`] },
  }));

/** A STANDARD campaign of the template to these recipients (three by default). */
export const campaignInput = (
  templateId: string,
  overrides: Partial<CreateCampaignInput> = {},
): CreateCampaignInput => ({
  name: 'Pedidos listos',
  templateId,
  recipients: mexicanRecipients(3),
  ...overrides,
});

/** How a call was refused: its kind and code, from a use case (DomainError) or over gRPC. */
export async function refusalOf(
  call: Promise<unknown>,
): Promise<{ status: number; code: string; fields: string[] }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof DomainError) {
      const status =
        { invalid: 400, not_found: 404, conflict: 409, forbidden: 403 }[error.kind as string] ?? 0;
      return { status, code: error.code, fields: error.fields.map((f) => f.path) };
    }
    if (isServiceError(error)) {
      const failure = fromServiceError(error);
      return { status: failure.httpStatus, code: failure.code, fields: failure.fields.map((f) => f.path) };
    }
    throw error;
  }
  throw new Error('expected the call to be refused');
}
