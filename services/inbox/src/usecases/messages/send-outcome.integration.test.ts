import http from 'node:http';
import { eq } from 'drizzle-orm';
import { OUTCOME_UNKNOWN } from '@inbox/contracts';
import { CloudApiClient } from '@inbox/whatsapp';
import type { Simulator } from '@inbox/whatsapp-sim';
import { messages } from '../../db/schema';
import { messagingFixture } from '../../testing/messaging-fixture';
import type { InboxTestbed } from '../../testing/testbed';
import { makeMessage } from '../../testing/conversation-builders';
import { ingestMessagesWebhook } from '../ingest/ingest-messages-webhook';
import { failStaleSends, STALE_SEND_MS } from './fail-stale-sends';
import { sendMessage } from './send-message';
import { recordSendAccepted } from './send-outcome';

// Sends against the simulator whose answer is lost after WhatsApp accepted them: never sent twice,
// FAILED with OUTCOME_UNKNOWN, and settled later by the status webhooks (biz_opaque_callback_data).
const messaging = messagingFixture({ firstOrgId: 7301, conversation: { assignedTo: 'agent-1' } });
const { orgWithSimulator, openConversation, sent, eventsOf } = messaging;
let testbed: InboxTestbed;

/** Receives the simulator's signed status webhooks, as the gateway would, and keeps their `value`s. */
const webhooks: Array<Record<string, unknown>> = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const envelope = JSON.parse(body) as {
      entry: Array<{ changes: Array<{ value: Record<string, unknown> }> }>;
    };
    for (const entry of envelope.entry) for (const change of entry.changes) webhooks.push(change.value);
    res.end('ok');
  });
});

beforeAll(async () => {
  testbed = await messaging.start();
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => receiver.close(resolve));
  await messaging.stop();
});

const control = (sim: Simulator, path: string, body: unknown) =>
  fetch(`${sim.url}/_sim/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
const loseNextAnswer = (sim: Simulator, to: string, mode: 'drop' | 'hang') =>
  control(sim, 'failures', { to, code: 0, mode, times: 1 });
const messageRow = async (id: string) =>
  (await testbed.deps.db.select().from(messages).where(eq(messages.id, id)))[0];

/** Waits for the simulator's status webhook about `wamid` with this status. */
async function statusWebhook(wamid: string, status: string) {
  for (let i = 0; i < 200; i++) {
    const value = webhooks.find((v) =>
      (v.statuses as Array<{ id: string; status: string }> | undefined)?.some(
        (s) => s.id === wamid && s.status === status,
      ),
    );
    if (value) return value;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`no ${status} webhook for ${wamid}`);
}

describe('a send whose answer is lost', () => {
  it('is sent once, FAILED with OUTCOME_UNKNOWN, then settled by the status webhooks', async () => {
    const { orgId, sim, agent } = await orgWithSimulator();
    await control(sim, 'config', {
      webhookUrl: `http://127.0.0.1:${(receiver.address() as { port: number }).port}`,
    });
    const conversation = await openConversation(orgId);
    // The simulator keeps its own 24-hour window: the customer wrote an hour ago.
    await control(sim, `customers/${conversation.waId}/window`, {
      lastInboundAt: new Date(Date.now() - 3600_000).toISOString(),
    });
    await loseNextAnswer(sim, conversation.waId, 'drop');

    const message = await sendMessage(testbed.deps, agent, {
      conversationId: conversation.id,
      type: 'text',
      text: 'Your order shipped',
    });

    expect(message).toMatchObject({
      status: 'FAILED',
      errorCode: OUTCOME_UNKNOWN.code,
      providerMessageId: null,
    });
    // Not retried: WhatsApp accepted it once, and the customer must not get it twice.
    const wires = await sent(sim);
    expect(wires).toHaveLength(1);
    expect(wires[0].body.biz_opaque_callback_data).toBe(message.id);

    // The simulator reports on the message like Meta, echoing the callback data: the inbox finds it.
    const delivered = await statusWebhook(wires[0].wamid, 'delivered');
    await ingestMessagesWebhook(testbed.deps, await statusWebhook(wires[0].wamid, 'sent'), 'r1');
    await ingestMessagesWebhook(testbed.deps, delivered, 'r2');
    expect(await messageRow(message.id)).toMatchObject({
      status: 'DELIVERED',
      providerMessageId: wires[0].wamid,
      errorCode: null,
      errorTitle: null,
    });
  });

  it('cannot know the outcome of a send that timed out (the simulator accepted it and never answered)', async () => {
    const { orgId, sim } = await orgWithSimulator();
    await loseNextAnswer(sim, '15550009999', 'hang');
    const channel = await testbed.deps.channels.find(orgId);
    // The channel's own client waits 15 s; the same client with a short deadline shows the same thing.
    const client = new CloudApiClient({
      baseUrl: sim.url,
      version: 'v23.0',
      phoneNumberId: channel?.phoneNumberId ?? '',
      accessToken: `token-${orgId}`,
      timeoutMs: 300,
    });
    await expect(client.sendText('15550009999', 'Are you there?')).rejects.toMatchObject({
      title: 'Request timed out',
      outcomeUnknown: true,
    });
    expect(await sent(sim)).toEqual([expect.objectContaining({ to: '15550009999' })]);
  });
});

describe('the stale-send sweeper', () => {
  it('fails PENDING sends older than the limit, once, and leaves the rest', async () => {
    const { orgId } = await orgWithSimulator();
    const conversation = await openConversation(orgId);
    const old = new Date(Date.now() - STALE_SEND_MS - 60_000);
    const outbound = { direction: 'outbound' as const, sender: 'agent' };
    const stale = await makeMessage(testbed.deps.db, conversation, {
      ...outbound,
      status: 'PENDING',
      createdAt: old,
    });
    const fresh = await makeMessage(testbed.deps.db, conversation, { ...outbound, status: 'PENDING' });
    const sentLongAgo = await makeMessage(testbed.deps.db, conversation, {
      ...outbound,
      status: 'SENT',
      createdAt: old,
    });

    expect(await failStaleSends(testbed.deps)).toBeGreaterThanOrEqual(1);
    expect(await messageRow(stale.id)).toMatchObject({ status: 'FAILED', errorCode: OUTCOME_UNKNOWN.code });
    expect(await messageRow(fresh.id)).toMatchObject({ status: 'PENDING' });
    expect(await messageRow(sentLongAgo.id)).toMatchObject({ status: 'SENT', errorCode: null });
    expect((await eventsOf(orgId, 'inbox.message.updated.v1')).map((e) => e.data)).toEqual([
      expect.objectContaining({ messageId: stale.id, changes: ['status'], actorId: null }),
    ]);
    // A second sweep (another replica) finds nothing left to do.
    await failStaleSends(testbed.deps);
    expect(await eventsOf(orgId, 'inbox.message.updated.v1')).toHaveLength(1);
    // Replicas sweeping at the same moment fail each stale send once.
    const more = await Promise.all(
      [1, 2, 3].map(() =>
        makeMessage(testbed.deps.db, conversation, { ...outbound, status: 'PENDING', createdAt: old }),
      ),
    );
    await Promise.all([failStaleSends(testbed.deps), failStaleSends(testbed.deps)]);
    const updated = (await eventsOf(orgId, 'inbox.message.updated.v1')).map((e) => e.data.messageId);
    expect(updated.sort()).toEqual([stale.id, ...more.map((m) => m.id)].sort());

    // The call was still in flight after all and WhatsApp accepted it: the message is SENT.
    const agent = testbed.caller(orgId, 'AGENT');
    const late = await recordSendAccepted(
      testbed.deps,
      agent,
      { message: stale, conversation },
      {
        wamid: 'wamid.late',
        waId: conversation.waId,
      },
    );
    expect(late).toMatchObject({ status: 'SENT', providerMessageId: 'wamid.late', errorCode: null });
  });
});
