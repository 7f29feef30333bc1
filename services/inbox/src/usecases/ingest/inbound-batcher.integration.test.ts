import { inboundMessageSchema } from '@inbox/whatsapp';
import { openForTestFile } from '@inbox/platform/testing';
import { ingestBatchRepository } from '../../db/repositories/ingest-batch.repository';
import { createInboxTestbed } from '../../testing/testbed';
import { InboundBatcher } from './inbound-batcher';
import { messagesOf, orgWithChannel, text } from '../../testing/webhook-builders';

const testbed = openForTestFile(createInboxTestbed);
afterEach(() => jest.restoreAllMocks());
const customer = (n: number) => `52155${String(n).padStart(8, '0')}`;

describe('the inbound batcher', () => {
  it('stores messages that arrive together in a few transactions, each exactly once', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const inserts = jest.spyOn(ingestBatchRepository, 'insertMessagesOnce');
    const batcher = new InboundBatcher(testbed.deps, { maxBatch: 20, maxInFlight: 1 });
    const messages = Array.from({ length: 50 }, (_, n) =>
      inboundMessageSchema.parse(text(customer(n % 7), `m${n}`)),
    );

    const results = await Promise.all(messages.map((message) => batcher.receive({ orgId, message })));

    expect(results.every((r) => r.stored)).toBe(true);
    expect(inserts).toHaveBeenCalledTimes(3); // 20 + 20 + 10
    expect(await messagesOf(testbed, orgId)).toHaveLength(50);
    // A redelivery of the whole burst changes nothing.
    const again = await Promise.all(messages.map((message) => batcher.receive({ orgId, message })));
    expect(again.some((r) => r.stored)).toBe(false);
    expect(await messagesOf(testbed, orgId)).toHaveLength(50);
  });

  it('fails only the message that cannot be stored, not its neighbours in the batch', async () => {
    const { orgId } = await orgWithChannel(testbed);
    const batcher = new InboundBatcher(testbed.deps, { maxBatch: 10, maxInFlight: 1 });
    const good = [1, 2, 3].map((n) => inboundMessageSchema.parse(text(customer(n), `ok ${n}`)));
    const bad = { ...inboundMessageSchema.parse(text(customer(9), 'broken')), timestamp: 'not a time' };

    const settled = await Promise.allSettled(
      [good[0], bad, good[1], good[2]].map((message) => batcher.receive({ orgId, message })),
    );

    expect(settled.map((s) => s.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((await messagesOf(testbed, orgId)).map((m) => m.text).sort()).toEqual(['ok 1', 'ok 2', 'ok 3']);
  });
});
