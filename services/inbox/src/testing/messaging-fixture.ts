import fs from 'node:fs';
import path from 'node:path';
import { CONTEXT_METADATA, newId, signCallerToken, type CallerContext } from '@inbox/platform';
import { startSimulator, type Simulator } from '@inbox/whatsapp-sim';
import { startInternalHttp, type RunningHttp } from '../http/server';
import { makeConversation, type ConversationSeed } from './conversation-builders';
import { ensureChannel } from '../usecases/settings/ensure-channel';
import { createInboxTestbed, type InboxTestbed } from './testbed';

/** Shared by the tests that send through a channel (messages and media), not by production code. */

export const HOUR = 3600_000;
const INTERNAL_SECRET = 'internal-secret-for-media-tests';

export interface MessagingFixtureOptions {
  /** The first organization's id; each test file takes its own range, so files never share rows. */
  firstOrgId: number;
  /** Set on every conversation `openConversation` makes, unless the test says otherwise. */
  conversation?: Partial<ConversationSeed>;
  /** Also serve the internal HTTP API (media upload and download). */
  internalHttp?: boolean;
}

/**
 * A testbed where each organization's channel points at its own WhatsApp simulator:
 * `const testbed = openForTestFile(messaging.start)`, or `start` in beforeAll and `stop` in
 * afterAll in a file that starts more (stopped before `stop`).
 */
export function messagingFixture(options: MessagingFixtureOptions) {
  let testbed: InboxTestbed | undefined;
  let http: RunningHttp | undefined;
  const simulators: Simulator[] = [];
  let nextOrgId = options.firstOrgId;

  const started = () => {
    if (!testbed) throw new Error('The messaging fixture is used before start()');
    return testbed;
  };
  const httpPort = () => {
    if (!http) throw new Error('The messaging fixture serves internal HTTP only with internalHttp: true');
    return http.port;
  };
  const headersFor = (caller: CallerContext) => ({
    [CONTEXT_METADATA]: signCallerToken(INTERNAL_SECRET, caller),
  });

  async function stop(): Promise<void> {
    await http?.stop();
    await Promise.all(simulators.map((s) => s.stop()));
    await testbed?.close();
  }

  return {
    /** The test bed; closing it stops all the fixture started, so `openForTestFile(messaging.start)` works. */
    async start(): Promise<InboxTestbed> {
      testbed = await createInboxTestbed();
      if (options.internalHttp) http = await startInternalHttp(testbed.deps, INTERNAL_SECRET, 0, '127.0.0.1');
      return { ...testbed, close: stop };
    },

    stop,

    /** A fresh organization whose channel points at its own simulator, and an agent of it. */
    async orgWithSimulator() {
      const orgId = nextOrgId++;
      const accessToken = `token-${orgId}`;
      const phoneNumberId = `pn-${orgId}-${newId()}`;
      const sim = await startSimulator({
        appSecret: 'secret',
        accessToken,
        phoneNumberId,
        wabaId: `waba-${orgId}`,
        displayPhoneNumber: '15550001111',
      });
      simulators.push(sim);
      await ensureChannel(started().deps, orgId, {
        phoneNumberId,
        wabaId: `waba-${orgId}`,
        accessToken,
        apiBaseUrl: sim.url,
        apiVersion: 'v23.0',
      });
      return { orgId, sim, agent: started().caller(orgId, 'AGENT') };
    },

    /** A HUMAN_HANDLING conversation with the customer's last message an hour ago (window open). */
    openConversation: (orgId: number, extra: Partial<ConversationSeed> = {}) =>
      makeConversation(started().deps.db, {
        orgId,
        status: 'HUMAN_HANDLING',
        lastCustomerMessageAt: new Date(Date.now() - HOUR),
        ...options.conversation,
        ...extra,
      }),

    /** What the simulator was sent; tests read the Cloud API bodies in many shapes. */
    sent: async (sim: Simulator) =>
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      ((await (await fetch(`${sim.url}/_sim/sent`)).json()) as { data: any[] }).data,

    eventsOf: async (orgId: number, type: string) =>
      (await started().recordedEvents()).filter((e) => e.orgId === orgId && e.type === type),

    httpPort,

    /** The signed caller context the internal HTTP API expects from the gateway. */
    headersFor,

    mediaOf: (caller: CallerContext, messageId: string, headers: Record<string, string> = {}) =>
      fetch(`http://127.0.0.1:${httpPort()}/internal/messages/${messageId}/media`, {
        headers: { ...headersFor(caller), ...headers },
      }),

    /** The media files stored for the organization's messages. */
    blobsOf: (orgId: number) => {
      const dir = path.join(started().mediaDir, 'org', String(orgId), 'messages');
      return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
    },
  };
}
