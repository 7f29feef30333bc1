import {
  ACCOUNT_ERRORS_VALUE,
  ACCOUNT_VALUE_EXAMPLES,
  INBOUND_MESSAGE_EXAMPLES,
  STATUS_EXAMPLES,
  accountPayload,
  messagesPayload,
  messagesValue,
} from './testing/webhook-examples';
import {
  inboundMessageSchema,
  isKnownMessage,
  isWebhookField,
  messagesValueSchema,
  statusSchema,
  WEBHOOK_FIELDS,
  webhookChangeSchema,
  webhookPayloadSchema,
} from './webhooks';

/** Parses a whole POST body the way the inbox does: envelope, then each change by its field. */
function parseAll(body: unknown) {
  const payload = webhookPayloadSchema.parse(body);
  return payload.entry.flatMap((e) => e.changes.map((c) => webhookChangeSchema.parse(c)));
}

describe('inbound messages (reference §1.5)', () => {
  it.each(Object.entries(INBOUND_MESSAGE_EXAMPLES))(
    'parses the %s example as a known type',
    (_name, example) => {
      const [change] = parseAll(messagesPayload(messagesValue({ messages: [example] })));
      expect(change.field).toBe('messages');
      const message = change.field === 'messages' ? change.value.messages?.[0] : undefined;
      expect(message).toEqual(example);
      expect(message && isKnownMessage(message)).toBe(true);
    },
  );

  it('narrows by type to the fields the inbox reads', () => {
    const m = inboundMessageSchema.parse(INBOUND_MESSAGE_EXAMPLES.button_reply);
    if (!isKnownMessage(m) || m.type !== 'interactive' || m.interactive.type !== 'button_reply') {
      throw new Error(`parsed as ${m.type}`);
    }
    expect(m.interactive.button_reply.title).toBe('Cancel');
  });

  it('keeps a removed reaction without emoji', () => {
    const m = inboundMessageSchema.parse(INBOUND_MESSAGE_EXAMPLES.reaction_removed);
    expect(isKnownMessage(m) && m.type === 'reaction' && m.reaction.emoji).toBeUndefined();
  });

  it('still parses a message type it does not know, keeping every field', () => {
    const future = { from: '1', id: 'wamid.F', timestamp: '1750000000', type: 'poll', poll: { q: 'Tea?' } };
    const m = inboundMessageSchema.parse(future);
    expect(m).toEqual(future);
    expect(isKnownMessage(m)).toBe(false);
  });

  it('passes unknown fields through on known types', () => {
    const m = inboundMessageSchema.parse({
      ...INBOUND_MESSAGE_EXAMPLES.text,
      from_user_id: 'US.1',
      extra: { a: 1 },
    });
    expect(m).toMatchObject({ from_user_id: 'US.1', extra: { a: 1 } });
  });

  const text = INBOUND_MESSAGE_EXAMPLES.text;
  it.each([
    ['a text without body (not downgraded to unknown)', { ...text, text: {} }],
    ['an image without id', { ...INBOUND_MESSAGE_EXAMPLES.image, image: { mime_type: 'image/jpeg' } }],
    ['a missing from', { ...text, from: undefined }],
    ['a numeric timestamp', { ...text, timestamp: 1749416383 }],
    [
      'a location with string coordinates',
      { ...INBOUND_MESSAGE_EXAMPLES.location, location: { latitude: '37.4', longitude: '-122.1' } },
    ],
    ['an unknown interactive reply', { ...text, type: 'interactive', interactive: { type: 'foo_reply' } }],
    ['a reaction without message_id', { ...text, type: 'reaction', reaction: { emoji: '👍' } }],
    ['a missing type', { from: '1', id: 'wamid.X', timestamp: '1' }],
  ])('rejects %s', (_label, message) => {
    expect(inboundMessageSchema.safeParse(message).success).toBe(false);
  });
});

describe('status webhooks (reference §1.6)', () => {
  it.each(Object.entries(STATUS_EXAMPLES))('parses the %s example', (_name, example) => {
    const [change] = parseAll(messagesPayload(messagesValue({ statuses: [example] })));
    expect(change.field === 'messages' && change.value.statuses).toEqual([example]);
  });

  it('parses every status value including played', () => {
    for (const status of ['sent', 'delivered', 'read', 'failed', 'played']) {
      expect(statusSchema.parse({ ...STATUS_EXAMPLES.sent, status }).status).toBe(status);
    }
  });

  it.each([
    ['an unknown status', { ...STATUS_EXAMPLES.sent, status: 'seen' }],
    ['a missing recipient_id', { ...STATUS_EXAMPLES.sent, recipient_id: undefined }],
    ['pricing without category', { ...STATUS_EXAMPLES.sent, pricing: { pricing_model: 'PMP' } }],
    ['an error without code', { ...STATUS_EXAMPLES.failed, errors: [{ title: 'x' }] }],
  ])('rejects %s', (_label, status) => {
    expect(statusSchema.safeParse(status).success).toBe(false);
  });

  it('parses the account-level errors value (no message attached)', () => {
    const [change] = parseAll(messagesPayload(ACCOUNT_ERRORS_VALUE));
    expect(change.field === 'messages' && change.value.errors?.[0].code).toBe(130429);
  });
});

describe('template and account webhooks (reference §1.7)', () => {
  const cases = Object.entries(ACCOUNT_VALUE_EXAMPLES).flatMap(([field, values]) =>
    values.map((value, i) => [`${field} #${i + 1}`, field, value] as const),
  );
  it.each(cases)('parses %s', (_name, field, value) => {
    const [change] = parseAll(accountPayload(field, value));
    expect(change.field).toBe(field);
    expect(change.value).toMatchObject({
      ...value,
      ...('message_template_id' in value ? { message_template_id: '1689556908129835' } : {}),
    });
  });

  it('parses the phone_number_quality_update envelope as printed (object last)', () => {
    const body = JSON.parse(
      '{"entry":[{"id":"102290129340398","time":1748454394,"changes":[{"field":"phone_number_quality_update","value":{"display_phone_number":"15550783881","event":"THROUGHPUT_UPGRADE","current_limit":"TIER_UNLIMITED","max_daily_conversations_per_business":"TIER_2K"}}]}],"object":"whatsapp_business_account"}',
    ) as unknown;
    expect(parseAll(body)[0]).toMatchObject({
      field: 'phone_number_quality_update',
      value: { event: 'THROUGHPUT_UPGRADE' },
    });
  });

  it.each([
    [
      'an unknown template event',
      'message_template_status_update',
      { ...ACCOUNT_VALUE_EXAMPLES.message_template_status_update[0], event: 'BOGUS' },
    ],
    [
      'a template id that is not a number',
      'message_template_status_update',
      { ...ACCOUNT_VALUE_EXAMPLES.message_template_status_update[0], message_template_id: 'abc' },
    ],
    [
      'an unknown quality score',
      'message_template_quality_update',
      { ...ACCOUNT_VALUE_EXAMPLES.message_template_quality_update[0], new_quality_score: 'BLUE' },
    ],
    [
      'a category update without new_category',
      'template_category_update',
      { message_template_id: 1, message_template_name: 'x', message_template_language: 'en' },
    ],
  ])('rejects %s', (_label, field, value) => {
    expect(webhookChangeSchema.safeParse({ field, value }).success).toBe(false);
  });
});

describe('envelope', () => {
  it('rejects payloads that are not WhatsApp webhooks or lack the shape the inbox reads', () => {
    const good = messagesPayload(messagesValue({ messages: [INBOUND_MESSAGE_EXAMPLES.text] }));
    expect(webhookPayloadSchema.safeParse(good).success).toBe(true);
    expect(webhookPayloadSchema.safeParse({ ...good, object: 'page' }).success).toBe(false);
    expect(webhookPayloadSchema.safeParse({ object: 'whatsapp_business_account' }).success).toBe(false);
    expect(webhookPayloadSchema.safeParse({ ...good, entry: [{ changes: [] }] }).success).toBe(false);
    expect(
      webhookPayloadSchema.safeParse({ ...good, entry: [{ id: '1', changes: [{ field: 'messages' }] }] })
        .success,
    ).toBe(false);
  });

  it('rejects a messages value without metadata or with a bad messaging_product', () => {
    const value = messagesValue({ messages: [INBOUND_MESSAGE_EXAMPLES.text] });
    expect(messagesValueSchema.safeParse(value).success).toBe(true);
    expect(messagesValueSchema.safeParse({ ...value, metadata: undefined }).success).toBe(false);
    expect(messagesValueSchema.safeParse({ ...value, messaging_product: 'instagram' }).success).toBe(false);
    expect(messagesValueSchema.safeParse({ ...value, contacts: [{ profile: { name: 'x' } }] }).success).toBe(
      false,
    );
  });

  it('names the subscribed fields and leaves other fields to the caller', () => {
    expect(WEBHOOK_FIELDS).toEqual([
      'messages',
      'message_template_status_update',
      'template_category_update',
      'message_template_quality_update',
      'phone_number_quality_update',
    ]);
    expect(isWebhookField('business_capability_update')).toBe(false);
    expect(webhookChangeSchema.safeParse({ field: 'business_capability_update', value: {} }).success).toBe(
      false,
    );
  });
});
