import { SURVEY_BUTTON_OPTIONS_MAX, type RestInteractive } from '@inbox/contracts';
import type { StoredQuestion } from '../db/schema';

/**
 * Surveys (DESIGN §7 "Campaigns"): question 0 is the template, answered by its quick-reply
 * buttons; each later question is sent after the previous answer — reply buttons for up to 3
 * options, a list for up to 10, plain text when it takes a free answer. Pure: no I/O, no clock.
 */

export type AnswerSource = 'button' | 'interactive' | 'text';

/** What the inbox tells of an inbound message (`inbox.message.received`). */
export interface SurveyInbound {
  type: string;
  text: string | null;
  /** A template button's payload, or the id of the reply button or list row chosen. */
  replyId: string | null;
}

export interface SurveyAnswer {
  answer: string;
  source: AnswerSource;
}

/** Reply buttons carry 20 characters; longer options go in a list (rows take 24). */
const BUTTON_TITLE_MAX = 20;

/** The id of option `option` of question `question`, as our interactive messages carry it. */
export const surveyReplyId = (question: number, option: number): string => `q${question}:${option}`;

export function parseSurveyReplyId(id: string | null): { question: number; option: number } | undefined {
  const match = id === null ? null : /^q(\d{1,3}):(\d{1,3})$/.exec(id);
  return match ? { question: Number(match[1]), option: Number(match[2]) } : undefined;
}

/** Text compared without case, accents or extra spaces: "  SÍ " answers "Si". */
export const comparable = (text: string): string =>
  text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();

/** The option a free text names, as the survey spells it; undefined when it names none. */
export function optionNamed(question: StoredQuestion, text: string): string | undefined {
  const wanted = comparable(text);
  return question.options.find((option) => comparable(option) === wanted);
}

/**
 * The answer a message gives to question `index`, or undefined when it answers nothing: a
 * template button answers question 0 only; an interactive reply answers the question its id names
 * (a late tap on an earlier question's button is not an answer to the current one); text answers
 * the current question, as the option it names or as itself.
 */
export function surveyAnswerOf(
  question: StoredQuestion,
  index: number,
  inbound: SurveyInbound,
): SurveyAnswer | undefined {
  const text = inbound.text?.trim() ?? '';
  switch (inbound.type) {
    case 'button': {
      if (index !== 0) return undefined;
      const said = text || inbound.replyId?.trim() || '';
      return said ? { answer: optionNamed(question, said) ?? said, source: 'button' } : undefined;
    }
    case 'interactive': {
      const reply = parseSurveyReplyId(inbound.replyId);
      if (!reply || reply.question !== index) return undefined;
      const answer = question.options[reply.option] ?? text;
      return answer ? { answer, source: 'interactive' } : undefined;
    }
    case 'text':
      return text ? { answer: optionNamed(question, text) ?? text, source: 'text' } : undefined;
    default:
      return undefined;
  }
}

export type SurveyMessage =
  { type: 'text'; text: string } | { type: 'interactive'; interactive: RestInteractive };

/** The label of the button that opens a list, in the campaign's language where we know it. */
export function listButtonLabel(language: string): string {
  if (language.startsWith('es')) return 'Ver opciones';
  if (language.startsWith('pt')) return 'Ver opções';
  return 'See options';
}

/** How question `index` is sent: reply buttons, a list, or text for a free answer. */
export function surveyMessageOf(question: StoredQuestion, index: number, language: string): SurveyMessage {
  const { options } = question;
  if (options.length === 0) return { type: 'text', text: question.text };
  const choices = options.map((title, option) => ({ id: surveyReplyId(index, option), title }));
  if (options.length <= SURVEY_BUTTON_OPTIONS_MAX && options.every((o) => o.length <= BUTTON_TITLE_MAX))
    return { type: 'interactive', interactive: { type: 'button', body: question.text, buttons: choices } };
  return {
    type: 'interactive',
    interactive: {
      type: 'list',
      body: question.text,
      button: listButtonLabel(language),
      sections: [{ rows: choices }],
    },
  };
}
