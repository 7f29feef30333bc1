import { statusError } from './graph-errors';
import type { SentMessage, StatusName, TemplateCategory } from './state';

/** Webhook bodies exactly as reference §1.4–1.6 shows them. */

export interface Channel {
  wabaId: string;
  phoneNumberId: string;
  displayPhoneNumber: string;
}

export function messagesEnvelope(channel: Channel, value: Record<string, unknown>): Record<string, unknown> {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: channel.wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: {
                display_phone_number: channel.displayPhoneNumber,
                phone_number_id: channel.phoneNumberId,
              },
              ...value,
            },
          },
        ],
      },
    ],
  };
}

export interface Pricing {
  billable: boolean;
  pricing_model: 'PMP';
  type: 'regular' | 'free_customer_service';
  category: TemplateCategory | 'service';
}

/** Per-message pricing (2025-07 model): service messages free; utility templates free inside the window. */
export function pricingFor(
  type: string,
  category: TemplateCategory | undefined,
  windowOpen: boolean,
): Pricing {
  if (type !== 'template') {
    return { billable: false, pricing_model: 'PMP', type: 'free_customer_service', category: 'service' };
  }
  const cat = category ?? 'marketing';
  const free = cat === 'utility' && windowOpen;
  return {
    billable: !free,
    pricing_model: 'PMP',
    type: free ? 'free_customer_service' : 'regular',
    category: cat,
  };
}

export interface StatusStep {
  status: StatusName;
  pricing?: Pricing;
  error?: { code: number; title?: string };
}

export interface PlanInput {
  type: string;
  category?: TemplateCategory;
  windowOpen: boolean;
  asyncFailure?: { code: number; title?: string };
  autoStatuses: boolean;
}

/**
 * What happens to an accepted send. Failures happen whatever autoStatuses says: they are the platform's
 * rules; autoStatuses only governs the happy progression (sent → delivered → read; reactions only sent).
 */
export function planStatuses(input: PlanInput): StatusStep[] {
  if (input.asyncFailure) return [{ status: 'failed', error: input.asyncFailure }];
  if (input.type !== 'template' && !input.windowOpen) return [{ status: 'failed', error: { code: 131047 } }];
  if (!input.autoStatuses) return [];
  const pricing = pricingFor(input.type, input.category, input.windowOpen);
  if (input.type === 'reaction') return [{ status: 'sent', pricing }];
  return [{ status: 'sent', pricing }, { status: 'delivered', pricing }, { status: 'read' }];
}

/** One `statuses[]` item. `conversation` only exists for API versions ≤ v23 (reference §1.6). */
export function statusValue(sent: SentMessage, step: StatusStep, timestamp: number): Record<string, unknown> {
  const opaque = sent.body.biz_opaque_callback_data;
  const value: Record<string, unknown> = {
    id: sent.wamid,
    status: step.status,
    timestamp: String(timestamp),
    // Meta names the user as the send's answer did (contacts[0].wa_id).
    recipient_id: sent.answeredWaId ?? sent.to,
    ...(typeof opaque === 'string' ? { biz_opaque_callback_data: opaque } : {}),
  };
  if (step.pricing && sent.conversationId) {
    value.conversation = {
      id: sent.conversationId,
      ...(step.status === 'sent' ? { expiration_timestamp: String(timestamp + 24 * 60 * 60) } : {}),
      origin: { type: step.pricing.category },
    };
  }
  if (step.pricing) value.pricing = step.pricing;
  if (step.error) value.errors = [statusError(step.error.code, step.error.title)];
  return value;
}

/** Timestamps strictly increase per message even when steps are milliseconds apart. */
export function nextStatusTimestamp(sent: SentMessage, nowMs: number): number {
  const ts = Math.max(Math.floor(nowMs / 1000), sent.lastStatusTimestamp + 1);
  sent.lastStatusTimestamp = ts;
  return ts;
}

export function apiMajorVersion(version: string): number | undefined {
  const match = /^v(\d+)(\.\d+)?$/.exec(version);
  return match ? Number(match[1]) : undefined;
}
