import { and, asc, countDistinct, count, eq, inArray, min, sql } from 'drizzle-orm';
import { newId, type Db } from '@inbox/platform';
import type { AnswerSource } from '../../domain/survey';
import { campaignRecipients as r, campaigns, surveyAnswers as a, type StoredQuestion } from '../schema';

/**
 * Survey answers: recorded once per question and once per inbound message (both unique), the
 * recipient's next question moved in a guarded statement, and the reads of the results.
 */

export interface NewAnswer {
  orgId: number;
  campaignId: string;
  recipientId: string;
  questionIndex: number;
  answer: string;
  source: AnswerSource;
  providerMessageId: string;
  answeredAt: Date;
}

export interface SurveyCampaign {
  id: string;
  kind: string;
  questions: StoredQuestion[] | null;
}

export interface Respondent {
  recipientId: string;
  phone: string;
  waId: string | null;
  completedAt: Date | null;
}

export interface StoredAnswer {
  recipientId: string;
  questionIndex: number;
  answer: string;
  source: string;
  answeredAt: Date;
}

export const surveysRepository = {
  /** The question an inbound message already answered (a redelivered event), if any. */
  answerOfMessage: async (
    db: Db,
    orgId: number,
    providerMessageId: string,
  ): Promise<{ recipientId: string; questionIndex: number } | undefined> =>
    (
      await db
        .select({ recipientId: a.recipientId, questionIndex: a.questionIndex })
        .from(a)
        .where(and(eq(a.orgId, orgId), eq(a.providerMessageId, providerMessageId)))
    )[0],

  /** False when the question (or this message) was answered already: nothing is written. */
  insertAnswer: async (tx: Db, answer: NewAnswer): Promise<boolean> =>
    (
      await tx
        .insert(a)
        .values({ id: newId(), ...answer })
        .onConflictDoNothing()
        .returning({ id: a.id })
    ).length === 1,

  /** The recipient's awaited question `from` → `next` (null and completed when it was the last). */
  advance: async (
    tx: Db,
    recipientId: string,
    move: { from: number; next: number | null; completedAt: Date | null },
    now: Date,
  ): Promise<void> => {
    await tx
      .update(r)
      .set({ surveyQuestion: move.next, surveyCompletedAt: move.completedAt, updatedAt: now })
      .where(and(eq(r.id, recipientId), eq(r.surveyQuestion, move.from)));
  },

  campaign: async (db: Db, orgId: number, id: string): Promise<SurveyCampaign | undefined> =>
    (
      await db
        .select({ id: campaigns.id, kind: campaigns.kind, questions: campaigns.questions })
        .from(campaigns)
        .where(and(eq(campaigns.orgId, orgId), eq(campaigns.id, id)))
    )[0],

  /** Answers per (question, answer) over the whole campaign. */
  answerCounts: async (
    db: Db,
    campaignId: string,
  ): Promise<{ questionIndex: number; answer: string; count: number }[]> =>
    db
      .select({ questionIndex: a.questionIndex, answer: a.answer, count: count() })
      .from(a)
      .where(eq(a.campaignId, campaignId))
      .groupBy(a.questionIndex, a.answer),

  respondentCount: async (db: Db, campaignId: string): Promise<number> =>
    (
      await db
        .select({ n: countDistinct(a.recipientId) })
        .from(a)
        .where(eq(a.campaignId, campaignId))
    )[0]?.n ?? 0,

  /** Recipients with at least one answer, first answer first, one page of them. */
  respondentsPage: async (
    db: Db,
    campaignId: string,
    offset: number,
    limit: number,
  ): Promise<Respondent[]> => {
    const first = db
      .select({ recipientId: a.recipientId, firstAt: min(a.answeredAt).as('first_at') })
      .from(a)
      .where(eq(a.campaignId, campaignId))
      .groupBy(a.recipientId)
      .as('first');
    return db
      .select({ recipientId: r.id, phone: r.phone, waId: r.waId, completedAt: r.surveyCompletedAt })
      .from(first)
      .innerJoin(r, eq(r.id, first.recipientId))
      .orderBy(asc(sql`${first.firstAt}`), asc(r.id))
      .offset(offset)
      .limit(limit);
  },

  answersOf: async (db: Db, recipientIds: string[]): Promise<StoredAnswer[]> =>
    recipientIds.length === 0
      ? []
      : db
          .select({
            recipientId: a.recipientId,
            questionIndex: a.questionIndex,
            answer: a.answer,
            source: a.source,
            answeredAt: a.answeredAt,
          })
          .from(a)
          .where(inArray(a.recipientId, recipientIds))
          .orderBy(asc(a.recipientId), asc(a.questionIndex)),
};
