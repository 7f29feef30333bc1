import type { ExportedRecipient, SurveyRespondent } from '../db/repositories/exports.repository';
import type { StoredQuestion, StoredRecipientStatus } from '../db/schema';
import type { CsvValue } from './csv-writer';

/**
 * The columns of the recipients export, in order (snake_case, as spreadsheets and scripts read
 * them). New columns go last, so sheets and scripts that read a column by its position keep working.
 */
export const RECIPIENT_COLUMNS = [
  'phone',
  'wa_id',
  'status',
  'error_code',
  'error_title',
  'error_details',
  'sent_at',
  'delivered_at',
  'read_at',
  'replied_at',
  'failed_at',
  'cost',
  'parameters',
  // 131049: when a new attempt to this person may be delivered (empty otherwise).
  'retryable_after',
] as const;

/** A recipient being sent is still PENDING to the API's readers (DISPATCHING is the workers' word). */
export const shownStatus = (status: StoredRecipientStatus) => (status === 'DISPATCHING' ? 'PENDING' : status);

/** Costs are sums of rates: no float noise such as 0.30000000000000004 in a spreadsheet. */
const amount = (value: number | null) => (value === null ? null : Number(value.toFixed(6)));

export function recipientRow(r: ExportedRecipient): CsvValue[] {
  return [
    r.phone,
    r.waId,
    shownStatus(r.status),
    r.errorCode,
    r.errorTitle,
    r.errorDetails,
    r.sentAt,
    r.deliveredAt,
    r.readAt,
    r.repliedAt,
    r.failedAt,
    amount(r.cost),
    r.parameters && Object.keys(r.parameters).length > 0 ? JSON.stringify(r.parameters) : null,
    r.retryableAfter,
  ];
}

/** phone, wa_id, one column per question (its text), completed, first_answered_at. */
export function surveyColumns(questions: readonly StoredQuestion[]): string[] {
  return ['phone', 'wa_id', ...questions.map((q) => q.text), 'completed', 'first_answered_at'];
}

export function surveyRow(respondent: SurveyRespondent, questionCount: number): CsvValue[] {
  const answers = new Map(respondent.answers.map((a) => [a.questionIndex, a.answer]));
  const times = respondent.answers.map((a) => a.answeredAt.getTime());
  return [
    respondent.phone,
    respondent.waId,
    ...Array.from({ length: questionCount }, (_, i) => answers.get(i) ?? null),
    respondent.completedAt !== null,
    times.length > 0 ? new Date(Math.min(...times)) : null,
  ];
}
