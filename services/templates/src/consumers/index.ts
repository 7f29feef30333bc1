import type { EventBus } from '@inbox/platform';
import type { TemplatesDeps } from '../deps';

/**
 * Every queue the templates service consumes (account-level WhatsApp webhooks: status, category,
 * quality). Slot filled by the sync/webhook work; each consumer must be idempotent.
 */
export async function startConsumers(_deps: TemplatesDeps, _bus: EventBus): Promise<void> {}
