import { z } from 'zod';
import { campaignRecipientOf } from '@inbox/contracts';
import { statusSchema } from '@inbox/whatsapp';
import type { Logger } from '@inbox/platform';
import type { StatusReport } from '../../domain/status-report';

/** The `messages` field's value with its items left unparsed: each status is read on its own. */
const valueSchema = z.looseObject({
  metadata: z.looseObject({ phone_number_id: z.string().min(1) }),
  statuses: z.array(z.unknown()).optional(),
});

export interface CampaignStatusReports {
  phoneNumberId: string;
  /** Reports by recipient id, in webhook order. */
  byRecipient: Map<string, StatusReport[]>;
}

/** Courier's lesson: some senders give milliseconds. */
const timeOf = (timestamp: string): Date => {
  const n = Number(timestamp);
  return new Date(n >= 1e12 ? n : n * 1000);
};

/**
 * The statuses of a `messages` webhook that are about campaign sends (their callback data names a
 * recipient). Everything else is the inbox's. `deleted` (the customer deleted the message) and a
 * status of an unreadable shape change nothing; `played` (voice only) reads as `read`.
 */
export function campaignStatusReports(rawValue: unknown, logger: Logger): CampaignStatusReports | undefined {
  const value = valueSchema.safeParse(rawValue);
  if (!value.success) return undefined;
  const byRecipient = new Map<string, StatusReport[]>();
  for (const raw of value.data.statuses ?? []) {
    const item = raw as { biz_opaque_callback_data?: unknown; status?: unknown; id?: unknown };
    const callback = typeof item.biz_opaque_callback_data === 'string' ? item.biz_opaque_callback_data : null;
    const recipientId = campaignRecipientOf(callback);
    if (recipientId === undefined || item.status === 'deleted') continue;
    const parsed = statusSchema.safeParse(raw);
    if (!parsed.success) {
      logger.warn(
        { recipientId, id: item.id, issues: parsed.error.issues },
        'campaign status unreadable; skipped',
      );
      continue;
    }
    const s = parsed.data;
    const error = s.errors?.[0];
    const report: StatusReport = {
      status: s.status === 'played' ? 'read' : s.status,
      at: timeOf(s.timestamp),
      wamid: s.id,
      waId: s.recipient_id,
      ...(error
        ? {
            error: {
              code: String(error.code),
              title: error.title ?? error.message ?? `Error ${error.code}`,
              details: error.error_data?.details ?? null,
            },
          }
        : {}),
      ...(s.pricing
        ? { pricing: { type: s.pricing.type, category: s.pricing.category, billable: s.pricing.billable } }
        : {}),
    };
    const list = byRecipient.get(recipientId) ?? [];
    list.push(report);
    byRecipient.set(recipientId, list);
  }
  return { phoneNumberId: value.data.metadata.phone_number_id, byRecipient };
}
