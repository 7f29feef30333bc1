import {
  CAMPAIGN_KINDS,
  CAMPAIGN_NAME_MAX,
  MAX_CAMPAIGN_RECIPIENTS,
  SURVEY_LIST_OPTIONS_MAX,
  SURVEY_MAX_QUESTIONS,
  SURVEY_OPTION_MAX,
  SURVEY_QUESTION_MAX,
  type CampaignKind,
} from '@inbox/contracts';
import { invalid, type FieldError } from '@inbox/platform';
import type { StoredQuestion } from '../../db/schema';
import type { RecipientInput } from '../../domain/recipient-list';

/** A campaign as the API, the gRPC method and the CSV import give it. */
export interface CreateCampaignInput {
  name: string;
  templateId: string;
  /** Another approved language of the same template name. */
  language?: string;
  kind?: string;
  /** ISO 8601; absent or past: now. */
  scheduledAt?: string;
  recipients: RecipientInput[];
  /** SURVEY only (required there). */
  questions?: { text: string; options?: string[] }[];
}

export interface CheckedCampaignInput {
  name: string;
  templateId: string;
  language?: string;
  kind: CampaignKind;
  scheduledAt: Date | null;
  questions: StoredQuestion[] | null;
}

const isKind = (value: string): value is CampaignKind =>
  (CAMPAIGN_KINDS as readonly string[]).includes(value);

function checkQuestions(kind: CampaignKind, given: CreateCampaignInput['questions'], fields: FieldError[]) {
  if (kind !== 'SURVEY') {
    if (given?.length) fields.push({ path: 'questions', message: 'Only a SURVEY campaign has questions' });
    return null;
  }
  if (!given?.length || given.length > SURVEY_MAX_QUESTIONS) {
    fields.push({
      path: 'questions',
      message: `A SURVEY campaign needs 1 to ${SURVEY_MAX_QUESTIONS} questions`,
    });
    return null;
  }
  return given.map((q, i) => {
    const text = (q.text ?? '').trim();
    if (!text || text.length > SURVEY_QUESTION_MAX)
      fields.push({ path: `questions[${i}].text`, message: `1 to ${SURVEY_QUESTION_MAX} characters` });
    const options = (q.options ?? []).map((o) => o.trim());
    // Question 0 is answered by the template's buttons (checked against the template later).
    if (i > 0 && options.length > SURVEY_LIST_OPTIONS_MAX)
      fields.push({ path: `questions[${i}].options`, message: `At most ${SURVEY_LIST_OPTIONS_MAX} options` });
    options.forEach((o, j) => {
      if (!o || o.length > SURVEY_OPTION_MAX)
        fields.push({
          path: `questions[${i}].options[${j}]`,
          message: `1 to ${SURVEY_OPTION_MAX} characters`,
        });
    });
    if (new Set(options).size !== options.length)
      fields.push({ path: `questions[${i}].options`, message: 'Options must differ' });
    return { text, options };
  });
}

/** The campaign's own fields, checked before anything is asked of other services: a 400 lists every problem. */
export function checkCampaignInput(input: CreateCampaignInput): CheckedCampaignInput {
  const fields: FieldError[] = [];
  const name = (input.name ?? '').trim();
  if (!name || name.length > CAMPAIGN_NAME_MAX)
    fields.push({ path: 'name', message: `1 to ${CAMPAIGN_NAME_MAX} characters` });
  if (!input.templateId) fields.push({ path: 'templateId', message: 'Required' });
  const kind = input.kind || 'STANDARD';
  if (!isKind(kind)) fields.push({ path: 'kind', message: `One of ${CAMPAIGN_KINDS.join(', ')}` });
  let scheduledAt: Date | null = null;
  if (input.scheduledAt) {
    scheduledAt = new Date(input.scheduledAt);
    if (Number.isNaN(scheduledAt.getTime()))
      fields.push({ path: 'scheduledAt', message: 'An ISO 8601 date-time' });
  }
  const count = input.recipients?.length ?? 0;
  if (count === 0) fields.push({ path: 'recipients', message: 'At least one recipient' });
  if (count > MAX_CAMPAIGN_RECIPIENTS)
    fields.push({
      path: 'recipients',
      message: `At most ${MAX_CAMPAIGN_RECIPIENTS.toLocaleString('en')} recipients per campaign (got ${count})`,
    });
  const questions = isKind(kind) ? checkQuestions(kind, input.questions, fields) : null;
  if (fields.length > 0) throw invalid('VALIDATION_FAILED', 'The campaign is not valid', fields);
  return {
    name,
    templateId: input.templateId,
    language: input.language || undefined,
    kind: kind as CampaignKind,
    scheduledAt,
    questions,
  };
}

/** The texts of a template's quick-reply buttons (Meta's components), in order. */
export function quickReplyButtons(components: unknown): string[] {
  if (!Array.isArray(components)) return [];
  return components
    .filter((c): c is { type: string; buttons?: unknown } => typeof c === 'object' && c !== null)
    .filter((c) => String(c.type).toUpperCase() === 'BUTTONS' && Array.isArray(c.buttons))
    .flatMap((c) => c.buttons as { type?: unknown; text?: unknown }[])
    .filter((b) => String(b?.type).toUpperCase() === 'QUICK_REPLY' && typeof b.text === 'string')
    .map((b) => b.text as string);
}
