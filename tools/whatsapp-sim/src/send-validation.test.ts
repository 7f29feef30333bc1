import { GraphError } from './graph-errors';
import { paramName, parseSendRequest } from './send-validation';

const base = { messaging_product: 'whatsapp', to: '16505551234' };
const button = (id: string, title = id) => ({ type: 'reply', reply: { id, title } });
const row = (id: string) => ({ id, title: `Row ${id}` });
const rows = (n: number, prefix: string) => Array.from({ length: n }, (_, i) => row(`${prefix}${i}`));
const replyButtons = (buttons: unknown[]) => ({
  type: 'interactive',
  interactive: { type: 'button', body: { text: 'Pick' }, action: { buttons } },
});
const list = (sections: unknown[]) => ({
  type: 'interactive',
  interactive: { type: 'list', body: { text: 'Pick' }, action: { button: 'Options', sections } },
});
const template = (extra: Record<string, unknown>) => ({
  type: 'template',
  template: { name: 'x', ...extra },
});

function rejection(body: unknown): GraphError {
  try {
    parseSendRequest(body);
  } catch (error) {
    if (error instanceof GraphError) return error;
    throw error;
  }
  throw new Error('the body was accepted');
}

describe('parseSendRequest', () => {
  it.each([
    ['text', { type: 'text', text: { body: 'Hi', preview_url: true } }],
    ['text by default', { text: { body: 'Hi' } }],
    ['image by link', { type: 'image', image: { link: 'https://ex.com/p.jpg', caption: 'Spring sale' } }],
    ['document by id', { type: 'document', document: { id: '1037543291543636', filename: 'inv.pdf' } }],
    ['audio', { type: 'audio', audio: { id: '1' } }],
    ['sticker', { type: 'sticker', sticker: { link: 'http://ex.com/s.webp' } }],
    ['reaction', { type: 'reaction', reaction: { message_id: 'wamid.IN1', emoji: '😀' } }],
    ['reaction removal', { type: 'reaction', reaction: { message_id: 'wamid.IN1', emoji: '' } }],
    [
      'template',
      template({
        language: { code: 'en_US' },
        components: [
          { type: 'button', sub_type: 'quick_reply', index: '0', parameters: [{ type: 'payload' }] },
        ],
      }),
    ],
    ['3 reply buttons', replyButtons([button('a'), button('b'), button('c')])],
    [
      'a list of 10 rows',
      list([
        { title: 'A', rows: rows(5, 'a') },
        { title: 'B', rows: rows(5, 'b') },
      ]),
    ],
    ['a reply with context', { context: { message_id: 'wamid.IN1' }, text: { body: 'Yes!' } }],
  ])('accepts %s', (_name, body) => {
    expect(parseSendRequest({ ...base, ...body })).toMatchObject({ kind: 'send', to: base.to });
  });

  it('recognises a mark-as-read', () => {
    expect(
      parseSendRequest({ messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN1' }),
    ).toEqual({
      kind: 'read',
      messageId: 'wamid.IN1',
    });
  });

  it.each([
    [
      'no messaging_product',
      { to: '1650555', text: { body: 'x' } },
      'The parameter messaging_product is required.',
    ],
    [
      'another product',
      { ...base, messaging_product: 'sms', text: { body: 'x' } },
      'must be one of {whatsapp}',
    ],
    ['no to', { messaging_product: 'whatsapp', text: { body: 'x' } }, 'The parameter to is required.'],
    [
      'a to that is no number',
      { ...base, to: 'bob', text: { body: 'x' } },
      'Param to must be a phone number',
    ],
    ['no text body', { ...base, type: 'text', text: {} }, "The parameter text['body'] is required."],
    [
      'a body over 4096',
      { ...base, text: { body: 'x'.repeat(4097) } },
      "text['body'] must be at most 4096 characters",
    ],
    [
      'an unknown text key',
      { ...base, text: { body: 'x', bdy: 'y' } },
      'Unexpected key "bdy" on param "text".',
    ],
    [
      'an image with id and link',
      { ...base, type: 'image', image: { id: '1', link: 'https://ex.com/a.jpg' } },
      "Param image must have exactly one of 'id' or 'link'.",
    ],
    [
      'an image with neither',
      { ...base, type: 'image', image: { caption: 'c' } },
      "exactly one of 'id' or 'link'",
    ],
    [
      'an audio caption',
      { ...base, type: 'audio', audio: { id: '1', caption: 'c' } },
      'key "caption" on param "audio"',
    ],
    [
      'an ftp link',
      { ...base, type: 'video', video: { link: 'ftp://ex.com/a.mp4' } },
      "video['link'] must be a valid",
    ],
    [
      'a reaction without emoji',
      { ...base, type: 'reaction', reaction: { message_id: 'wamid.1' } },
      "The parameter reaction['emoji'] is required.",
    ],
    [
      'a reaction in words',
      { ...base, type: 'reaction', reaction: { message_id: 'w', emoji: 'ok' } },
      'single emoji',
    ],
    [
      'a template without language code',
      { ...base, ...template({ language: {} }) },
      "template['language']['code']",
    ],
    [
      'a template button without index',
      {
        ...base,
        ...template({ language: { code: 'en' }, components: [{ type: 'button', sub_type: 'url' }] }),
      },
      "template['components'][0]",
    ],
    [
      '4 reply buttons',
      { ...base, ...replyButtons(['a', 'b', 'c', 'd'].map((id) => button(id))) },
      'at most 3 items',
    ],
    [
      'a button title over 20',
      { ...base, ...replyButtons([button('a', 'x'.repeat(21))]) },
      "interactive['action']['buttons'][0]['reply']['title'] must be at most 20",
    ],
    ['duplicate button ids', { ...base, ...replyButtons([button('a', 'A'), button('a', 'B')]) }, 'unique'],
    ['11 list rows', { ...base, ...list([{ title: 'A', rows: rows(11, 'r') }]) }, 'at most 10 rows in total'],
    [
      'a row description over 72',
      { ...base, ...list([{ rows: [{ id: 'a', title: 'A', description: 'd'.repeat(73) }] }]) },
      "['description'] must be at most 72",
    ],
    [
      'a row title over 24',
      { ...base, ...list([{ rows: [{ id: 'a', title: 't'.repeat(25) }] }]) },
      "['title']",
    ],
    ['untitled sections', { ...base, ...list([{ rows: [row('a')] }, { rows: [row('b')] }]) }, 'title'],
    [
      '11 sections',
      { ...base, ...list(Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, rows: [row(`r${i}`)] }))) },
      "Param interactive['action']['sections'] must have at most 10 items.",
    ],
    [
      'an unsupported interactive type',
      { ...base, type: 'interactive', interactive: { type: 'carousel' } },
      "Param interactive['type'] must be one of {button, list}.",
    ],
    ['an unknown type', { ...base, type: 'hologram' }, 'Param type must be one of'],
    [
      'a mark-as-read without id',
      { messaging_product: 'whatsapp', status: 'read' },
      'parameter message_id is required',
    ],
  ])('refuses %s with code 100', (_name, body, message) => {
    const error = rejection(body);
    expect(error.httpStatus).toBe(400);
    const json = error.toJSON().error;
    expect(json).toMatchObject({
      code: 100,
      type: 'OAuthException',
      error_data: { details: expect.any(String) },
    });
    expect(json.message).toMatch(/^\(#100\) /);
    expect(json.message).toContain(message);
  });

  it('names parameters the way Graph does', () => {
    expect(paramName(['interactive', 'action', 'buttons', 0, 'reply', 'id'])).toBe(
      "interactive['action']['buttons'][0]['reply']['id']",
    );
  });
});
