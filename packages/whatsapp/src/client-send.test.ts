import type { CloudApiClient } from './client';
import { CloudApiError } from './errors';
import type { InteractiveButtons, InteractiveList } from './interactive';
import { clientOf, recordingServerForTestFile } from './testing/recorded-cloud-api';

const WAMID = 'wamid.HBgLMTY1MDM4Nzk0MzkVAgARGBJCOTY3NDc0NDFDRUI3NTA0Q0UA';
const accepted = (waId = '16505551234') => ({
  body: {
    messaging_product: 'whatsapp',
    contacts: [{ input: '+16505551234', wa_id: waId }],
    messages: [{ id: WAMID, message_status: 'accepted' }],
  },
});

const server = recordingServerForTestFile();
let client: CloudApiClient;
beforeEach(() => {
  server.respond(() => accepted());
  // A trailing slash on the origin is dropped.
  client = clientOf(server, { baseUrl: `${server.url}/`, accessToken: 'TOKEN-1' });
});

const only = () => {
  expect(server.requests).toHaveLength(1);
  return server.requests[0];
};
const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '+16505551234' };

describe('CloudApiClient sends', () => {
  it('posts a text to /{version}/{phone-number-id}/messages with Bearer auth and JSON', async () => {
    const result = await client.sendText('+16505551234', 'See https://example.com', {
      previewUrl: true,
      replyTo: 'wamid.IN1',
      bizOpaqueCallbackData: 'order-123',
    });
    expect(result).toEqual({ wamid: WAMID, waId: '16505551234', messageStatus: 'accepted' });
    const req = only();
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v23.0/106540352242922/messages');
    expect(req.headers.authorization).toBe('Bearer TOKEN-1');
    expect(req.headers['content-type']).toBe('application/json');
    expect(req.json()).toEqual({
      ...envelope,
      context: { message_id: 'wamid.IN1' },
      type: 'text',
      text: { preview_url: true, body: 'See https://example.com' },
      biz_opaque_callback_data: 'order-123',
    });
  });

  it('returns the wa_id Graph normalised, not the input', async () => {
    server.respond(() => accepted('5215512345678'));
    const result = await client.sendText('+525512345678', 'Hola');
    expect(result.waId).toBe('5215512345678');
    expect(only().json()).toEqual({ ...envelope, to: '+525512345678', type: 'text', text: { body: 'Hola' } });
  });

  it.each([
    [
      'image',
      { id: '1037543291543636', caption: 'Spring sale' },
      { id: '1037543291543636', caption: 'Spring sale' },
    ],
    [
      'document',
      { link: 'https://ex.com/inv.pdf', caption: 'Invoice', filename: 'inv-42.pdf' },
      { link: 'https://ex.com/inv.pdf', caption: 'Invoice', filename: 'inv-42.pdf' },
    ],
    ['audio', { id: 'a1' }, { id: 'a1' }],
    ['sticker', { id: 's1' }, { id: 's1' }],
    ['video', { link: 'https://ex.com/v.mp4' }, { link: 'https://ex.com/v.mp4' }],
  ] as const)('sends %s media', async (kind, media, wire) => {
    await client.sendMedia('+16505551234', kind, media, { replyTo: 'wamid.IN2' });
    expect(only().json()).toEqual({
      ...envelope,
      context: { message_id: 'wamid.IN2' },
      type: kind,
      [kind]: wire,
    });
  });

  it.each([
    ['caption on audio', 'audio', { id: 'a', caption: 'x' }],
    ['caption on sticker', 'sticker', { id: 's', caption: 'x' }],
    ['filename on image', 'image', { id: 'i', filename: 'x.png' }],
    ['both id and link', 'image', { id: 'i', link: 'https://ex.com/i.png' }],
    ['neither id nor link', 'video', {}],
  ] as const)('refuses media with %s before sending', async (_label, kind, media) => {
    await expect(client.sendMedia('1', kind, media)).rejects.toMatchObject({ local: true, code: 100 });
    expect(server.requests).toHaveLength(0);
  });

  it.each([
    ['an empty text', () => client.sendText('1', '')],
    ['a 4097-character text', () => client.sendText('1', 'x'.repeat(4097))],
    [
      '513 characters of callback data',
      () => client.sendText('1', 'hi', { bizOpaqueCallbackData: 'x'.repeat(513) }),
    ],
  ])('refuses %s before sending', async (_label, send) => {
    await expect(send()).rejects.toMatchObject({ local: true, code: 100, retryable: false });
    expect(server.requests).toHaveLength(0);
  });

  it('sends and removes reactions', async () => {
    await client.sendReaction('+16505551234', 'wamid.IN1', '😀');
    await client.sendReaction('+16505551234', 'wamid.IN1', '');
    expect(server.requests.map((r) => r.json())).toEqual([
      { ...envelope, type: 'reaction', reaction: { message_id: 'wamid.IN1', emoji: '😀' } },
      { ...envelope, type: 'reaction', reaction: { message_id: 'wamid.IN1', emoji: '' } },
    ]);
  });

  it('sends a template with language code and components as given', async () => {
    const components = [
      { type: 'body', parameters: [{ type: 'text', text: 'Pablo' }] },
      {
        type: 'button',
        sub_type: 'quick_reply',
        index: '0',
        parameters: [{ type: 'payload', payload: 'STOP' }],
      },
    ];
    await client.sendTemplate('+16505551234', { name: 'order_update', language: 'en_US', components });
    await client.sendTemplate('+16505551234', { name: 'hello_world', language: 'en_US' });
    expect(server.requests.map((r) => r.json())).toEqual([
      {
        ...envelope,
        type: 'template',
        template: { name: 'order_update', language: { code: 'en_US' }, components },
      },
      { ...envelope, type: 'template', template: { name: 'hello_world', language: { code: 'en_US' } } },
    ]);
  });

  it('marks read with and without the typing indicator', async () => {
    server.respond(() => ({ body: { success: true } }));
    await client.markRead('wamid.IN1');
    await client.markRead('wamid.IN2', { typing: true });
    expect(server.requests.map((r) => [r.path, r.json()])).toEqual([
      [
        '/v23.0/106540352242922/messages',
        { messaging_product: 'whatsapp', status: 'read', message_id: 'wamid.IN1' },
      ],
      [
        '/v23.0/106540352242922/messages',
        {
          messaging_product: 'whatsapp',
          status: 'read',
          message_id: 'wamid.IN2',
          typing_indicator: { type: 'text' },
        },
      ],
    ]);
  });

  it('treats a 200 without a message id as an unexpected, non-retryable response', async () => {
    server.respond(() => ({ body: { messaging_product: 'whatsapp', messages: [] } }));
    const err = await client.sendText('1', 'hi').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({ httpStatus: 200, retryable: false, title: 'Unexpected response' });
  });
});

const buttons = (n: number, title = (i: number) => `B${i}`): InteractiveButtons => ({
  type: 'button',
  body: { text: 'Reschedule?' },
  action: {
    buttons: Array.from({ length: n }, (_, i) => ({
      type: 'reply',
      reply: { id: `b${i}`, title: title(i) },
    })),
  },
});
const list = (rowsPerSection: number[], titled = true): InteractiveList => ({
  type: 'list',
  header: { type: 'text', text: 'Shipping' },
  body: { text: 'Pick one' },
  footer: { text: 'Lucky Shrub' },
  action: {
    button: 'Options',
    sections: rowsPerSection.map((rows, s) => ({
      ...(titled ? { title: `S${s}` } : {}),
      rows: Array.from({ length: rows }, (_, r) => ({ id: `r${s}-${r}`, title: `Row ${r}` })),
    })),
  },
});

describe('CloudApiClient interactive messages', () => {
  it('sends reply buttons and a list in the wire shape', async () => {
    await client.sendInteractive('+16505551234', buttons(3), { replyTo: 'wamid.IN1' });
    await client.sendInteractive('+16505551234', list([1]));
    const [b, l] = server.requests.map((r) => r.json());
    expect(b).toEqual({
      ...envelope,
      context: { message_id: 'wamid.IN1' },
      type: 'interactive',
      interactive: buttons(3),
    });
    expect(l).toEqual({ ...envelope, type: 'interactive', interactive: list([1]) });
  });

  const long = (n: number) => 'x'.repeat(n);
  it.each<[string, InteractiveButtons | InteractiveList]>([
    ['4 buttons', buttons(4)],
    ['0 buttons', buttons(0)],
    ['a 21-character button title', buttons(1, () => long(21))],
    ['duplicate button titles', buttons(2, () => 'Same')],
    ['a 1025-character button body', { ...buttons(1), body: { text: long(1025) } }],
    ['a 61-character footer', { ...buttons(1), footer: { text: long(61) } }],
    ['11 rows over two sections', list([6, 5])],
    ['11 sections', list(Array.from({ length: 11 }, () => 1))],
    ['two sections without titles', list([1, 1], false)],
    ['a 21-character list button', { ...list([1]), action: { ...list([1]).action, button: long(21) } }],
    [
      'a 73-character row description',
      {
        ...list([1]),
        action: { button: 'Go', sections: [{ rows: [{ id: 'r', title: 't', description: long(73) }] }] },
      },
    ],
  ])('refuses %s locally without a request', async (_label, interactive) => {
    const err = await client.sendInteractive('1', interactive).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudApiError);
    expect(err).toMatchObject({ local: true, code: 100, httpStatus: 400, retryable: false });
    expect(server.requests).toHaveLength(0);
  });

  it('accepts exactly the limits', async () => {
    await client.sendInteractive(
      '1',
      buttons(3, (i) => `${i}`.padEnd(20, 'x')),
    );
    await client.sendInteractive('1', list([5, 5]));
    expect(server.requests).toHaveLength(2);
  });
});
