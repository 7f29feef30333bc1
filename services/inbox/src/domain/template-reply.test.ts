import {
  CLOCK_SKEW_MS,
  decideTemplateCategory,
  isReplyToTemplate,
  TEMPLATE_REPLY_WINDOW_MS,
  type CustomerMessage,
  type PendingTemplateCategory,
  type TemplateCategoryDecision,
} from './template-reply';

const sentAt = new Date('2026-05-10T12:00:00Z');
const after = (ms: number) => new Date(sentAt.getTime() + ms);

describe("a customer's message as the reply to a template", () => {
  it.each([
    ['a minute after the send: a reply', sentAt, after(60_000), true],
    ['exactly 72 hours after: a reply', sentAt, after(TEMPLATE_REPLY_WINDOW_MS), true],
    ['one millisecond past 72 hours: not a reply', sentAt, after(TEMPLATE_REPLY_WINDOW_MS + 1), false],
    ['a month after: not a reply', sentAt, after(30 * 24 * 3600_000), false],
    ["stamped a little before the send (WhatsApp's clock): a reply", sentAt, after(-CLOCK_SKEW_MS), true],
    ['written well before the send: not a reply', sentAt, after(-CLOCK_SKEW_MS - 1), false],
    ['no template accepted: not a reply', null, after(60_000), false],
  ])('%s', (_name, sent, written, reply) => expect(isReplyToTemplate(sent, written)).toBe(reply));
});

describe('which template category the contact’s messages give their conversation', () => {
  const pending = (category: string | null, sent = sentAt): PendingTemplateCategory => ({
    category,
    sentAt: category === null ? null : sent,
  });
  const plain = (ms = 60_000): CustomerMessage => ({ writtenAt: after(ms) });
  const quoting = (category: string | null, ms = 60_000): CustomerMessage => ({
    writtenAt: after(ms),
    quotedTemplate: { category },
  });
  const gives = (category: string, index: number, settlesPending: boolean): TemplateCategoryDecision => ({
    given: { category, index },
    settlesPending,
  });
  const none = (settlesPending: boolean): TemplateCategoryDecision => ({ given: null, settlesPending });
  const MONTH = 30 * 24 * 3600_000;

  it.each<[string, PendingTemplateCategory, CustomerMessage[], TemplateCategoryDecision]>([
    [
      'a reply within the window takes the pending category',
      pending('Sales'),
      [plain()],
      gives('Sales', 0, true),
    ],
    ['nothing pending, nothing quoted: nothing', pending(null), [plain()], none(false)],
    [
      'a message beyond the window neither takes nor answers it',
      pending('Sales'),
      [plain(TEMPLATE_REPLY_WINDOW_MS + 1)],
      none(false),
    ],
    [
      'a message written before the template neither takes nor answers it',
      pending('Sales'),
      [plain(-CLOCK_SKEW_MS - 1)],
      none(false),
    ],
    [
      'a quote of a template decides over the pending one',
      pending('Support'),
      [quoting('Sales')],
      gives('Sales', 0, true),
    ],
    ['a quote decides with nothing pending', pending(null), [quoting('Sales')], gives('Sales', 0, false)],
    [
      'a quote decides a month after its template',
      pending(null),
      [quoting('Sales', MONTH)],
      gives('Sales', 0, false),
    ],
    [
      'a quote of a template without a category gives none, and answers the pending one',
      pending('Support'),
      [quoting(null)],
      none(true),
    ],
    [
      'only the first reply takes the pending category',
      pending('Sales'),
      [quoting(null), plain(120_000)],
      none(true),
    ],
    [
      'a later quote still gives its category when the first message gave none',
      pending(null),
      [plain(), quoting('Sales', 120_000)],
      gives('Sales', 1, false),
    ],
    [
      'the first category given stays',
      pending('Sales'),
      [plain(), quoting('Support', 120_000)],
      gives('Sales', 0, true),
    ],
    [
      'a late quote does not answer the pending category of a later template',
      pending('Support', after(MONTH)),
      [quoting('Sales')],
      gives('Sales', 0, false),
    ],
  ])('%s', (_name, pendingCategory, messages, decision) =>
    expect(decideTemplateCategory(pendingCategory, messages)).toEqual(decision),
  );
});
