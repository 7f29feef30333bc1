import { PROVIDER_EVENTS, type ProviderWhatsAppData } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import { applyCategoryWebhook } from './apply-category-webhook';
import { applyQualityWebhook } from './apply-quality-webhook';
import { applyStatusWebhook } from './apply-status-webhook';
import type { ProviderActor } from './provider-changes';
import { lockWebhookTarget, templateRefOf } from './template-webhook';

type FieldHandler = (
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  row: TemplateRow,
  data: ProviderWhatsAppData,
) => Promise<boolean>;

/** One handler per bound event type: the consumer's bindings are derived from this table. */
export const TEMPLATE_WEBHOOK_HANDLERS: Readonly<Record<string, FieldHandler>> = {
  [PROVIDER_EVENTS.whatsappTemplateStatus]: applyStatusWebhook,
  [PROVIDER_EVENTS.whatsappTemplateCategory]: applyCategoryWebhook,
  [PROVIDER_EVENTS.whatsappTemplateQuality]: applyQualityWebhook,
};

/**
 * How long a webhook about a template not stored yet is retried: a review can be answered before
 * the creation that caused it committed (or before WhatsApp's id was stored). Past this, it is
 * about a template this service never had (created elsewhere): the next sync brings it.
 */
export const UNKNOWN_TEMPLATE_GRACE_MS = 60_000;

/** Thrown to have the bus deliver the webhook again later (nothing was written). */
export class TemplateNotStoredYet extends Error {
  constructor(name: string, language: string) {
    super(`No template ${name} (${language}) yet; retrying the webhook`);
    this.name = 'TemplateNotStoredYet';
  }
}

export type WebhookOutcome = 'applied' | 'unchanged' | 'unknown_template' | 'malformed';

export interface TemplateWebhook {
  type: string;
  orgId: number;
  requestId: string;
  data: ProviderWhatsAppData;
}

/**
 * An account-level template webhook of an organization (found from the WABA beforehand, outside
 * the transaction), in the consumer's transaction (which claims the event id: a redelivery never
 * gets here): locks the template and applies the field's rule, recording history and events.
 * Idempotent by content too (WhatsApp may send the same webhook twice: a repeat changes nothing).
 */
export async function applyTemplateWebhook(
  deps: TemplatesDeps,
  tx: Db,
  webhook: TemplateWebhook,
): Promise<WebhookOutcome> {
  const handler = TEMPLATE_WEBHOOK_HANDLERS[webhook.type];
  if (!handler) throw new Error(`no handler for ${webhook.type}`);
  const ref = templateRefOf(webhook.data.value);
  if (!ref) {
    deps.logger.warn(
      { type: webhook.type, orgId: webhook.orgId },
      'template webhook without a template ignored',
    );
    return 'malformed';
  }
  const actor: ProviderActor = {
    origin: { orgId: webhook.orgId, requestId: webhook.requestId },
    by: 'whatsapp',
    actorId: null,
  };
  const target = await lockWebhookTarget(tx, webhook.orgId, ref);
  if (!target) {
    const receivedAt = Date.parse(webhook.data.receivedAt);
    if (deps.now().getTime() - receivedAt < UNKNOWN_TEMPLATE_GRACE_MS)
      throw new TemplateNotStoredYet(ref.name, ref.language);
    // Made outside this service: the periodic sync (every organization with a channel) brings it in.
    deps.logger.info(
      { orgId: webhook.orgId, ...ref },
      'template webhook about an unknown template acknowledged',
    );
    return 'unknown_template';
  }
  // A template whose creation answer was lost gets WhatsApp's id now.
  const row =
    target.link && ref.providerTemplateId !== null
      ? await templatesRepository.update(tx, webhook.orgId, target.row.id, {
          providerTemplateId: ref.providerTemplateId,
          updatedAt: deps.now(),
        })
      : target.row;
  const changed = await handler(deps, tx, actor, row, webhook.data);
  return changed || target.link ? 'applied' : 'unchanged';
}
