import { CLOCK_SKEW_MS, isReplyToTemplate, TEMPLATE_REPLY_WINDOW_MS } from './template-reply';

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
