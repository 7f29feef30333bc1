import type * as grpc from '@grpc/grpc-js';
import type { CampaignsServiceHandlers } from '@inbox/contracts';
import { iso, opt, type ServiceImpl } from '@inbox/platform';
import type { RecipientRow } from '../db/repositories/recipients.repository';
import { shownStatus } from '../domain/recipient-status';
import type { CampaignView } from '../usecases/campaigns/campaign-view';

/** The campaigns service's gRPC methods as promise functions over (request, caller). */
export type CampaignsImpl = ServiceImpl<CampaignsServiceHandlers>;

/** The message a method answers with, e.g. `Reply<'GetCampaign'>`. */
export type Reply<K extends keyof CampaignsServiceHandlers> =
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- request side is irrelevant here
  CampaignsServiceHandlers[K] extends grpc.handleUnaryCall<any, infer Res> ? Res : never;

export type CampaignMessage = Reply<'PauseCampaign'>;
export type RecipientMessage = NonNullable<Reply<'GetCampaign'>['recipients']>[number];

export function encodeCampaign({ row, stats }: CampaignView) {
  return {
    id: row.id,
    name: row.name,
    templateId: row.templateId,
    templateName: row.templateName,
    templateLanguage: row.templateLanguage,
    templateCategory: row.templateCategory,
    kind: row.kind,
    status: row.status,
    pauseReason: opt(row.pauseReason),
    pauseCode: opt(row.pauseCode),
    scheduledAt: iso(row.scheduledAt),
    counts: stats.counts,
    cost: { currency: row.currency, estimated: row.estimatedCost, actual: stats.actualCost },
    questions: (row.questions ?? []).map((q) => ({ text: q.text, options: q.options })),
    createdBy: opt(row.createdBy),
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    completedAt: iso(row.completedAt),
    updatedAt: row.updatedAt.toISOString(),
    phoneNumberId: row.phoneNumberId,
  } satisfies CampaignMessage;
}

/** A campaign as encodeCampaign builds it: every required field present (assignable to CampaignMessage). */
export type EncodedCampaign = ReturnType<typeof encodeCampaign>;

export function encodeRecipient(row: RecipientRow): RecipientMessage {
  return {
    id: row.id,
    phone: row.phone,
    waId: opt(row.waId),
    status: shownStatus(row.status),
    error: row.errorCode
      ? { code: row.errorCode, title: row.errorTitle ?? '', details: opt(row.errorDetails) }
      : undefined,
    sentAt: iso(row.sentAt),
    deliveredAt: iso(row.deliveredAt),
    readAt: iso(row.readAt),
    repliedAt: iso(row.repliedAt),
    failedAt: iso(row.failedAt),
    cost: opt(row.cost),
    retryableAfter: iso(row.retryableAfter),
    parametersJson: row.parameters ? JSON.stringify(row.parameters) : undefined,
  };
}
