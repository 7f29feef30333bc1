import { PREPARE_SENDS_MAX } from '@inbox/contracts';
import type { CampaignsDeps, PreparedSends } from '../../deps';
import type { InvalidRecipient, ValidRecipient } from '../../domain/recipient-list';

/** PrepareSends takes at most this many parameter sets a call. */

export type PreparedTemplate = NonNullable<PreparedSends['template']>;

/** A recipient whose send the templates service prepared: frozen components and the text shown. */
export interface PreparedRecipient extends ValidRecipient {
  components: Record<string, unknown>[];
  renderedText: string;
}

export interface PreparedList {
  template: PreparedTemplate;
  prepared: PreparedRecipient[];
  /** Recipients whose parameters do not fit the template (INVALID_PARAMETERS). */
  refused: InvalidRecipient[];
}

/**
 * Each recipient's send prepared by the templates service (which owns the template's rules), in
 * batches of 5,000: the template checked (APPROVED, this organization's, the language asked), the
 * parameters checked and rendered. With no recipient left, the template is still checked.
 */
export async function prepareRecipients(
  deps: CampaignsDeps,
  orgId: number,
  requestId: string,
  template: { templateId: string; language?: string },
  recipients: readonly ValidRecipient[],
): Promise<PreparedList> {
  const list: Omit<PreparedList, 'template'> = { prepared: [], refused: [] };
  let found: PreparedTemplate | undefined;
  for (let i = 0; i === 0 || i < recipients.length; i += PREPARE_SENDS_MAX) {
    const batch = recipients.slice(i, i + PREPARE_SENDS_MAX);
    const answer = await deps.templates.prepareSends(orgId, requestId, {
      templateId: template.templateId,
      language: template.language,
      parameters: batch.map((r) => r.send),
    });
    found ??= answer.template ?? undefined;
    batch.forEach((recipient, j) => {
      const send = answer.sends?.[j];
      if (!send || send.error || !send.componentsJson) {
        list.refused.push({
          index: recipient.index,
          phone: recipient.given,
          reason: 'INVALID_PARAMETERS',
          message: send?.error ?? 'The template service prepared no send for this recipient',
        });
        return;
      }
      list.prepared.push({
        ...recipient,
        components: JSON.parse(send.componentsJson) as Record<string, unknown>[],
        renderedText: send.renderedText ?? '',
      });
    });
  }
  if (!found) throw new Error('PrepareSends answered without the template');
  return { template: found, ...list };
}
