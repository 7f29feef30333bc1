import { createHash } from 'node:crypto';
import { DISPLAY, PHONE_ID, TOKEN, WABA_ID, startWiredSimulator, type Wired } from './test-support';

const FROM = '5215512345678';

describe('POST /_sim/inbound', () => {
  let t: Wired;
  beforeEach(async () => {
    t = await startWiredSimulator();
  });
  afterEach(() => t.close());

  async function play(input: Record<string, unknown>) {
    const res = await t.control('POST', '/inbound', { from: FROM, name: 'Ana', ...input });
    expect(res.status).toBe(200);
    const got = t.receiver.received.find(
      (r) => r.json.entry[0].changes[0].value.messages?.[0]?.id === res.json.wamid,
    );
    if (!got) throw new Error(`no webhook for ${res.json.wamid}`);
    expect(got.valid).toBe(true);
    return {
      answer: res.json,
      webhook: got,
      value: got.json.entry[0].changes[0].value,
      message: got.json.entry[0].changes[0].value.messages[0],
    };
  }

  it('delivers a text message in the reference envelope before answering', async () => {
    const { answer, webhook, value } = await play({ type: 'text', text: 'Does it come in another color?' });
    expect(answer.delivery).toMatchObject({ status: 'delivered', attempts: 1, httpStatus: 200 });
    expect(webhook.json).toMatchObject({
      object: 'whatsapp_business_account',
      entry: [{ id: WABA_ID, changes: [{ field: 'messages' }] }],
    });
    expect(value).toEqual({
      messaging_product: 'whatsapp',
      metadata: { display_phone_number: DISPLAY, phone_number_id: PHONE_ID },
      contacts: [{ profile: { name: 'Ana' }, wa_id: FROM }],
      messages: [
        {
          from: FROM,
          id: answer.wamid,
          timestamp: expect.stringMatching(/^\d{10}$/),
          type: 'text',
          text: { body: 'Does it come in another color?' },
        },
      ],
    });
  });

  it('escapes non-ASCII text as \\uXXXX in the signed bytes', async () => {
    const { webhook, message } = await play({ type: 'text', text: 'Olá 👍' });
    expect(webhook.body).toContain('Ol\\u00e1 \\ud83d\\udc4d');
    expect(/[^\x00-\x7f]/.test(webhook.body)).toBe(false);
    expect(message.text.body).toBe('Olá 👍');
  });

  it.each([
    ['image', { caption: 'Taj Mahal' }, 'image/jpeg'],
    ['video', { caption: 'clip' }, 'video/mp4'],
    ['audio', { voice: true }, 'audio/ogg; codecs=opus'],
    ['document', { caption: 'Invoice', filename: 'invoice.pdf' }, 'application/pdf'],
    ['sticker', {}, 'image/webp'],
  ])('stores inbound %s media so GET /:mediaId and the download work', async (type, media, mimeType) => {
    const { answer, message } = await play({ type, media });
    const object = message[type];
    expect(object).toMatchObject({
      mime_type: mimeType,
      id: answer.mediaId,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      url: expect.any(String),
    });
    if ('caption' in media) expect(object.caption).toBe(media.caption);
    if (type === 'document') expect(object.filename).toBe('invoice.pdf');
    if (type === 'audio') expect(object.voice).toBe(true);
    if (type === 'sticker') expect(object.animated).toBe(false);

    const info = await t.graph('GET', `/v23.0/${object.id}`);
    expect(info.json).toMatchObject({ mime_type: mimeType, sha256: object.sha256 });
    const bytes = Buffer.from(
      await (await fetch(object.url, { headers: { authorization: `Bearer ${TOKEN}` } })).arrayBuffer(),
    );
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(object.sha256);
    expect(String(bytes.length)).toBe(info.json.file_size);
  });

  it('uses the bytes a test brings', async () => {
    const data = Buffer.from('hello from a customer');
    const { message } = await play({
      type: 'document',
      media: { mimeType: 'text/plain', dataBase64: data.toString('base64') },
    });
    const download = await fetch(message.document.url, { headers: { authorization: `Bearer ${TOKEN}` } });
    expect(Buffer.from(await download.arrayBuffer()).equals(data)).toBe(true);
  });

  it('builds location, contacts, button and reaction messages', async () => {
    const location = { latitude: 37.44, longitude: -122.16, name: 'Philz Coffee', address: '101 Forest Ave' };
    expect((await play({ type: 'location', location })).message.location).toEqual(location);
    const contacts = (await play({ type: 'contacts' })).message.contacts;
    expect(contacts[0]).toMatchObject({
      name: { formatted_name: expect.any(String) },
      phones: [{ wa_id: expect.any(String) }],
    });
    const tap = (
      await play({
        type: 'button',
        button: { text: 'Unsubscribe', payload: 'STOP' },
        context: { messageId: 'wamid.TPL1' },
      })
    ).message;
    expect(tap).toMatchObject({
      type: 'button',
      button: { payload: 'STOP', text: 'Unsubscribe' },
      context: { from: DISPLAY, id: 'wamid.TPL1' },
    });
    const like = (await play({ type: 'reaction', reaction: { messageId: 'wamid.OUT2', emoji: '👍' } }))
      .message;
    expect(like.reaction).toEqual({ message_id: 'wamid.OUT2', emoji: '👍' });
    const unlike = (await play({ type: 'reaction', reaction: { messageId: 'wamid.OUT2' } })).message;
    expect(unlike.reaction).toEqual({ message_id: 'wamid.OUT2' });
  });

  it('answers the newest interactive message with button and list replies', async () => {
    await play({ type: 'text', text: 'menu please' });
    const sent = await t.send({
      to: FROM,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Cancel?' },
        action: { buttons: [{ type: 'reply', reply: { id: 'cancel-button', title: 'Cancel' } }] },
      },
    });
    const reply = (
      await play({
        type: 'interactive',
        interactive: { type: 'button_reply', id: 'cancel-button', title: 'Cancel' },
      })
    ).message;
    expect(reply).toMatchObject({
      type: 'interactive',
      context: { from: DISPLAY, id: sent.json.messages[0].id },
      interactive: { type: 'button_reply', button_reply: { id: 'cancel-button', title: 'Cancel' } },
    });
    const list = (
      await play({
        type: 'interactive',
        interactive: { type: 'list_reply', id: 'express', title: 'Express', description: 'Next day' },
      })
    ).message;
    expect(list.interactive).toEqual({
      type: 'list_reply',
      list_reply: { id: 'express', title: 'Express', description: 'Next day' },
    });
  });

  it('redelivers the same message byte for byte when the wamid is reused', async () => {
    const first = await play({ type: 'text', text: 'only once please' });
    // A redelivery repeats what was delivered, whatever the rest of the input says.
    const again = await t.control('POST', '/inbound', {
      from: FROM,
      type: 'text',
      text: 'something else',
      id: first.answer.wamid,
    });
    expect(again.json).toMatchObject({ wamid: first.answer.wamid, redelivery: true });
    const copies = t.receiver.received.filter(
      (r) => r.json.entry[0].changes[0].value.messages?.[0]?.id === first.answer.wamid,
    );
    expect(copies).toHaveLength(2);
    expect(copies[1].body).toBe(copies[0].body);
  });

  it('opens the customer window and refuses inputs that do not fit', async () => {
    await play({ type: 'text', text: 'hi' });
    const customers = (await t.control('GET', '/customers')).json.data;
    expect(customers).toEqual([expect.objectContaining({ waId: FROM, name: 'Ana', windowOpen: true })]);
    const noText = await t.control('POST', '/inbound', { from: FROM, type: 'text' });
    expect(noText.status).toBe(400);
    expect(noText.json.error.message).toContain('text');
    expect((await t.control('POST', '/inbound', { from: 'abc', type: 'text', text: 'x' })).status).toBe(400);
  });
});
