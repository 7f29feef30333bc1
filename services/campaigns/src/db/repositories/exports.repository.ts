import { and, asc, eq, exists, gt, inArray } from 'drizzle-orm';
import type { CampaignKind } from '@inbox/contracts';
import type { Db } from '@inbox/platform';
import {
  campaignRecipients as r,
  campaigns,
  surveyAnswers,
  type StoredQuestion,
  type StoredRecipientStatus,
} from '../schema';

/**
 * The reads of the CSV exports: one page of rows at a time in `seq` order, the next page starting
 * after the last `seq` seen (keyset: each page costs the same however deep it is).
 */

export interface ExportedCampaign {
  id: string;
  kind: CampaignKind;
  questions: StoredQuestion[] | null;
}

export interface ExportedRecipient {
  seq: number;
  phone: string;
  waId: string | null;
  status: StoredRecipientStatus;
  errorCode: string | null;
  errorTitle: string | null;
  errorDetails: string | null;
  sentAt: Date | null;
  deliveredAt: Date | null;
  readAt: Date | null;
  repliedAt: Date | null;
  failedAt: Date | null;
  cost: number | null;
  parameters: Record<string, unknown> | null;
  /** 131049: when WhatsApp may deliver a new attempt to this person. */
  retryableAfter: Date | null;
}

export interface SurveyRespondent {
  seq: number;
  phone: string;
  waId: string | null;
  completedAt: Date | null;
  answers: { questionIndex: number; answer: string; answeredAt: Date }[];
}

export interface PageRequest {
  campaignId: string;
  afterSeq: number;
  limit: number;
}

export const exportsRepository = {
  /** The campaign, when it belongs to the organization. */
  campaign: async (db: Db, orgId: number, id: string): Promise<ExportedCampaign | undefined> => {
    const rows = await db
      .select({ id: campaigns.id, kind: campaigns.kind, questions: campaigns.questions })
      .from(campaigns)
      .where(and(eq(campaigns.orgId, orgId), eq(campaigns.id, id)));
    return rows[0];
  },

  /** Recipients after `afterSeq`, in any of `statuses` (all when unset). */
  recipientsPage: async (
    db: Db,
    page: PageRequest & { statuses?: StoredRecipientStatus[] },
  ): Promise<ExportedRecipient[]> =>
    db
      .select({
        seq: r.seq,
        phone: r.phone,
        waId: r.waId,
        status: r.status,
        errorCode: r.errorCode,
        errorTitle: r.errorTitle,
        errorDetails: r.errorDetails,
        sentAt: r.sentAt,
        deliveredAt: r.deliveredAt,
        readAt: r.readAt,
        repliedAt: r.repliedAt,
        failedAt: r.failedAt,
        cost: r.cost,
        parameters: r.parameters,
        retryableAfter: r.retryableAfter,
      })
      .from(r)
      .where(
        and(
          eq(r.campaignId, page.campaignId),
          gt(r.seq, page.afterSeq),
          page.statuses ? inArray(r.status, page.statuses) : undefined,
        ),
      )
      .orderBy(asc(r.seq))
      .limit(page.limit),

  /** Recipients who answered at least one question, after `afterSeq`, with their answers. */
  surveyRespondentsPage: async (db: Db, page: PageRequest): Promise<SurveyRespondent[]> => {
    const recipients = await db
      .select({
        id: r.id,
        seq: r.seq,
        phone: r.phone,
        waId: r.waId,
        completedAt: r.surveyCompletedAt,
      })
      .from(r)
      .where(
        and(
          eq(r.campaignId, page.campaignId),
          gt(r.seq, page.afterSeq),
          exists(
            db
              .select({ one: surveyAnswers.id })
              .from(surveyAnswers)
              .where(eq(surveyAnswers.recipientId, r.id)),
          ),
        ),
      )
      .orderBy(asc(r.seq))
      .limit(page.limit);
    if (recipients.length === 0) return [];
    const answers = await db
      .select({
        recipientId: surveyAnswers.recipientId,
        questionIndex: surveyAnswers.questionIndex,
        answer: surveyAnswers.answer,
        answeredAt: surveyAnswers.answeredAt,
      })
      .from(surveyAnswers)
      .where(
        inArray(
          surveyAnswers.recipientId,
          recipients.map((x) => x.id),
        ),
      );
    const byRecipient = new Map<string, SurveyRespondent['answers']>();
    for (const { recipientId, ...answer } of answers) {
      const list = byRecipient.get(recipientId) ?? [];
      list.push(answer);
      byRecipient.set(recipientId, list);
    }
    return recipients.map(({ id, ...recipient }) => ({ ...recipient, answers: byRecipient.get(id) ?? [] }));
  },
};
