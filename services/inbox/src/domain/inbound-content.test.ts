import { inboundMessageSchema, type InboundMessage } from '@inbox/whatsapp';
import { inboundContent, previewOf, unsupportedContent } from './inbound-content';

/** An inbound message as the platform sends it, parsed as the consumer parses it. */
const msg = (type: string, fields: Record<string, unknown> = {}): InboundMessage =>
  inboundMessageSchema.parse({
    from: '16505551234',
    id: 'wamid.IN1',
    timestamp: '1749416383',
    type,
    ...fields,
  });

describe('inbound message content', () => {
  it('turns NUL characters, which the database refuses, into U+FFFD everywhere', () => {
    const content = inboundContent(
      msg('interactive', {
        interactive: { type: 'button_reply', button_reply: { id: 'b\u00001', title: 'Sí\u0000' } },
        context: { id: 'wamid.OUT\u00001' },
      }),
    );
    expect(JSON.stringify(content)).not.toContain('\\u0000');
    expect(content.text).toBe('Sí\uFFFD');
    expect(content.replyToProviderId).toBe('wamid.OUT\uFFFD1');
    expect(inboundContent(msg('text', { text: { body: 'a\u0000b' } })).preview).toBe('a\uFFFDb');
  });

  it('keeps a text body as the text, with no payload', () => {
    expect(inboundContent(msg('text', { text: { body: 'Does it come in another color?' } }))).toEqual({
      type: 'text',
      text: 'Does it come in another color?',
      content: null,
      media: null,
      reaction: null,
      replyToProviderId: null,
      replyId: null,
      preview: 'Does it come in another color?',
    });
  });

  it.each([
    ['image', { caption: 'Taj Mahal' }, '📷 Taj Mahal'],
    ['image', {}, '📷 Photo'],
    ['video', {}, '🎥 Video'],
    ['audio', { voice: true }, '🎤 Voice message'],
    ['audio', {}, '🎵 Audio'],
    ['document', { filename: 'invoice.pdf' }, '📄 invoice.pdf'],
    ['sticker', { animated: false }, '💟 Sticker'],
  ])('stores %s %j as media to download, previewed as %s', (type, extra, preview) => {
    const stored = inboundContent(
      msg(type, { [type]: { id: 'media-1', mime_type: 'x/y', sha256: 'abc', ...extra } }),
    );
    expect(stored).toMatchObject({ type, text: null, preview, reaction: null });
    expect(stored.media).toEqual({
      providerMediaId: 'media-1',
      mimeType: 'x/y',
      sha256: 'abc',
      caption: (extra as { caption?: string }).caption ?? null,
      filename: (extra as { filename?: string }).filename ?? null,
    });
  });

  it('keeps the payload of structured types and a readable text', () => {
    const location = { latitude: 37.44, longitude: -122.16, name: 'Philz Coffee', address: '101 Forest Ave' };
    const contacts = [
      {
        name: { formatted_name: 'Lucía Gómez' },
        phones: [{ phone: '+1 983 555 2319', wa_id: '19835552319' }],
      },
    ];
    const order = {
      catalog_id: 'c1',
      text: '',
      product_items: [{ product_retailer_id: 'p', quantity: 2, item_price: 30, currency: 'USD' }],
    };
    const cases: Array<[InboundMessage, string, Record<string, unknown>]> = [
      [msg('location', { location }), '📍 Philz Coffee, 101 Forest Ave', { location }],
      [
        msg('location', { location: { latitude: 1.5, longitude: 2.5 } }),
        '📍 1.5, 2.5',
        { location: { latitude: 1.5, longitude: 2.5 } },
      ],
      [msg('contacts', { contacts }), '👤 Lucía Gómez', { contacts }],
      [
        msg('button', { button: { payload: 'STOP', text: 'Unsubscribe' } }),
        'Unsubscribe',
        { button: { payload: 'STOP', text: 'Unsubscribe' } },
      ],
      [msg('order', { order }), '🛒 Order of 2 items', { order }],
      [
        msg('system', { system: { body: 'User A changed number', type: 'user_changed_number' } }),
        'User A changed number',
        { system: { body: 'User A changed number', type: 'user_changed_number' } },
      ],
    ];
    for (const [message, text, content] of cases) {
      expect(inboundContent(message)).toMatchObject({
        type: message.type,
        text,
        content,
        media: null,
        preview: text,
      });
    }
  });

  it.each([
    [
      { type: 'button_reply', button_reply: { id: 'cancel-button', title: 'Cancel' } },
      'Cancel',
      'cancel-button',
    ],
    [
      {
        type: 'list_reply',
        list_reply: { id: 'express', title: 'Priority Mail Express', description: 'Next Day' },
      },
      'Priority Mail Express',
      'express',
    ],
    [
      { type: 'nfm_reply', nfm_reply: { name: 'flow', body: 'Sent', response_json: '{"a":1}' } },
      '📝 Sent',
      null,
    ],
  ])('reads the choice of an interactive reply %#', (interactive, text, replyId) => {
    const stored = inboundContent(
      msg('interactive', { context: { from: '1555', id: 'wamid.OUT1' }, interactive }),
    );
    expect(stored).toMatchObject({ type: 'interactive', text, replyId, replyToProviderId: 'wamid.OUT1' });
    expect(stored.content).toEqual({ interactive, context: { from: '1555', id: 'wamid.OUT1' } });
  });

  it("keeps a template button's payload as the reply id, its text as the text; plain text has none", () => {
    const tapped = inboundContent(
      msg('button', {
        context: { from: '1555', id: 'wamid.TPL1' },
        button: { payload: 'YES_1', text: 'Sí' },
      }),
    );
    const withoutPayload = inboundContent(msg('button', { button: { text: 'Sí' } }));

    expect(tapped).toMatchObject({
      type: 'button',
      text: 'Sí',
      replyId: 'YES_1',
      replyToProviderId: 'wamid.TPL1',
    });
    expect(withoutPayload.replyId).toBeNull();
    expect(inboundContent(msg('text', { text: { body: 'YES_1' } })).replyId).toBeNull();
  });

  it('stores a reaction with its emoji and the reacted message; a removed reaction has none', () => {
    expect(
      inboundContent(msg('reaction', { reaction: { message_id: 'wamid.OUT2', emoji: '👍' } })),
    ).toMatchObject({
      type: 'reaction',
      reaction: '👍',
      replyToProviderId: 'wamid.OUT2',
      text: null,
      preview: 'Reacted 👍',
    });
    for (const removed of [{ message_id: 'wamid.OUT2' }, { message_id: 'wamid.OUT2', emoji: '' }]) {
      expect(inboundContent(msg('reaction', { reaction: removed }))).toMatchObject({
        reaction: null,
        replyToProviderId: 'wamid.OUT2',
        preview: 'Removed a reaction',
      });
    }
  });

  it('keeps unsupported and unknown types readable, with what the platform sent', () => {
    const errors = [{ code: 131051, title: 'Message type unknown' }];
    expect(inboundContent(msg('unsupported', { unsupported: { type: 'edit' }, errors }))).toMatchObject({
      type: 'unsupported',
      text: '⚠️ Unsupported message (edit)',
      content: { unsupported: { type: 'edit' }, errors },
    });
    expect(inboundContent(msg('hologram', { hologram: { depth: 3 } }))).toMatchObject({
      type: 'unsupported',
      text: '⚠️ Unsupported message (hologram)',
      content: { originalType: 'hologram', hologram: { depth: 3 } },
    });
    expect(unsupportedContent({}, 'image', { url: 'x' })).toMatchObject({
      type: 'unsupported',
      content: { originalType: 'image', image: { url: 'x' } },
    });
  });

  it('takes the replied-to message from the context and keeps a click-to-WhatsApp referral', () => {
    const referral = { source_type: 'ad', source_id: '1202', headline: 'Chat with us', ctwa_clid: 'Aff' };
    const stored = inboundContent(
      msg('text', { text: { body: 'Hi' }, context: { from: '1555', id: 'wamid.OUT9' }, referral }),
    );
    expect(stored.replyToProviderId).toBe('wamid.OUT9');
    expect(stored.content).toEqual({ context: { from: '1555', id: 'wamid.OUT9' }, referral });
  });

  it('previews long texts on one line, cut without splitting an emoji', () => {
    expect(previewOf('line one\n\nline   two ')).toBe('line one line two');
    const long = `${'a'.repeat(119)}😀😀`;
    expect(previewOf(long)).toBe(`${'a'.repeat(119)}😀…`);
  });
});
