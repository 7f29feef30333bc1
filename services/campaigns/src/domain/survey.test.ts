import type { StoredQuestion } from '../db/schema';
import {
  comparable,
  parseSurveyReplyId,
  surveyAnswerOf,
  surveyMessageOf,
  surveyReplyId,
  type SurveyAnswer,
  type SurveyInbound,
} from './survey';

const template: StoredQuestion = { text: '¿Qué tal tu compra?', options: ['Buena', 'Regular', 'Mala'] };
const yesNo: StoredQuestion = { text: '¿Nos recomendarías?', options: ['Sí', 'No'] };
const free: StoredQuestion = { text: '¿Algo más?', options: [] };

const button = (text: string, payload = text): SurveyInbound => ({ type: 'button', text, replyId: payload });
const tap = (id: string, title: string): SurveyInbound => ({ type: 'interactive', text: title, replyId: id });
const text = (body: string): SurveyInbound => ({ type: 'text', text: body, replyId: null });

describe('survey answers', () => {
  it.each<[string, StoredQuestion, number, SurveyInbound, SurveyAnswer | undefined]>([
    [
      'a template button answers question 0',
      template,
      0,
      button('Regular', 'PAYLOAD_2'),
      { answer: 'Regular', source: 'button' },
    ],
    ['a template button later answers nothing', yesNo, 1, button('Regular'), undefined],
    ['a reply button of the question', yesNo, 1, tap('q1:0', 'Sí'), { answer: 'Sí', source: 'interactive' }],
    ['a list row of the question', yesNo, 1, tap('q1:1', 'No'), { answer: 'No', source: 'interactive' }],
    ['a late tap on an earlier question', yesNo, 2, tap('q1:0', 'Sí'), undefined],
    ['an interactive reply that is not ours', yesNo, 1, tap('other', 'Sí'), undefined],
    [
      'free text naming an option, without case or accents',
      yesNo,
      1,
      text('  si '),
      { answer: 'Sí', source: 'text' },
    ],
    ['free text naming no option', yesNo, 1, text('tal vez'), { answer: 'tal vez', source: 'text' }],
    ['free text to a free question', free, 2, text('Todo bien'), { answer: 'Todo bien', source: 'text' }],
    ['free text to the template question', template, 0, text('MALA'), { answer: 'Mala', source: 'text' }],
    ['empty text', free, 2, text('   '), undefined],
    ['an image', free, 2, { type: 'image', text: 'caption', replyId: null }, undefined],
  ])('%s', (_name, question, index, inbound, expected) => {
    expect(surveyAnswerOf(question, index, inbound)).toEqual(expected);
  });

  it('reads only its own reply ids', () => {
    expect(parseSurveyReplyId(surveyReplyId(3, 7))).toEqual({ question: 3, option: 7 });
    expect(parseSurveyReplyId('q1:x')).toBeUndefined();
    expect(parseSurveyReplyId(null)).toBeUndefined();
    expect(comparable('  Ñandú  ROJO ')).toBe('nandu rojo');
  });
});

describe('survey questions as messages', () => {
  it('up to 3 short options: reply buttons with ids q<index>:<option>', () => {
    expect(surveyMessageOf(yesNo, 1, 'es_MX')).toEqual({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: yesNo.text,
        buttons: [
          { id: 'q1:0', title: 'Sí' },
          { id: 'q1:1', title: 'No' },
        ],
      },
    });
  });

  it('more than 3 options, or one too long for a button: a list', () => {
    const many = { text: '¿Cuál?', options: ['A', 'B', 'C', 'D'] };
    expect(surveyMessageOf(many, 2, 'es_MX')).toEqual({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: '¿Cuál?',
        button: 'Ver opciones',
        sections: [{ rows: many.options.map((title, i) => ({ id: `q2:${i}`, title })) }],
      },
    });
    const long = { text: '¿Cuál?', options: ['Una opción bastante larga', 'Corta'] };
    expect(surveyMessageOf(long, 1, 'en_US')).toMatchObject({
      interactive: { type: 'list', button: 'See options' },
    });
  });

  it('no options: the question as text', () => {
    expect(surveyMessageOf(free, 3, 'es_MX')).toEqual({ type: 'text', text: free.text });
  });
});
