import { createHmac, timingSafeEqual } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CloudApiClient, CloudApiError } from '@inbox/whatsapp';
import { startSimulator, type Simulator } from './server';
import type { SimulatorOptions } from './context';

/** Test helpers (not exported from the package): a webhook receiver and a simulator wired to it. */

export const SECRET = 'test-app-secret';
export const TOKEN = 'test-access-token';
export const PHONE_ID = '106540352242922';
export const WABA_ID = '102290129340398';
export const DISPLAY = '15550783881';
export const APP_ID = '634974688087057';

/** The CloudApiError a call rejects with; fails the test when it resolves or throws anything else. */
export const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a CloudApiError');
    },
    (e: unknown) => {
      if (!(e instanceof CloudApiError)) throw e;
      return e;
    },
  );

export interface Received {
  body: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  json: any;
  signature?: string;
  valid: boolean;
}

/** Verifies X-Hub-Signature-256 on its own (not with the simulator's signer) and answers 401 when wrong. */
export async function startReceiver() {
  const received: Received[] = [];
  let failuresLeft = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const signature = req.headers['x-hub-signature-256'] as string | undefined;
      const expected = Buffer.from(`sha256=${createHmac('sha256', SECRET).update(raw).digest('hex')}`);
      const valid =
        !!signature &&
        signature.length === expected.length &&
        timingSafeEqual(Buffer.from(signature), expected);
      const body = raw.toString('utf8');
      received.push({ body, json: JSON.parse(body), signature, valid });
      if (!valid) res.statusCode = 401;
      else if (failuresLeft > 0) {
        failuresLeft -= 1;
        res.statusCode = 500;
      }
      res.end();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/webhook`,
    received,
    failNext(n: number) {
      failuresLeft = n;
    },
    /** Status items, in arrival order, for one wamid (or all). */
    statuses(wamid?: string) {
      return received
        .flatMap((r) => r.json.entry?.[0]?.changes?.[0]?.value?.statuses ?? [])
        .filter((s: { id: string }) => !wamid || s.id === wamid);
    },
    async waitFor<T>(
      what: string,
      probe: () => T | undefined | false | Promise<T | undefined | false>,
      timeoutMs = 5000,
    ): Promise<T> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const value = await probe();
        if (value) return value;
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

export async function startWiredSimulator(overrides: Partial<SimulatorOptions> = {}) {
  const receiver = await startReceiver();
  const sim: Simulator = await startSimulator({
    port: 0,
    appSecret: SECRET,
    accessToken: TOKEN,
    phoneNumberId: PHONE_ID,
    wabaId: WABA_ID,
    displayPhoneNumber: DISPLAY,
    webhookUrl: receiver.url,
    statusDelayMs: 10,
    webhookRetryDelaysMs: [20, 40, 80],
    appId: APP_ID,
    templateReviewDelayMs: 20,
    ...overrides,
  });
  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${sim.url}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, json: (text ? JSON.parse(text) : undefined) as any };
  };
  return {
    sim,
    receiver,
    /** A Graph call with the right token unless headers say otherwise. */
    graph: (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
      call(method, path, body, { authorization: `Bearer ${TOKEN}`, ...headers }),
    control: (method: string, path: string, body?: unknown) => call(method, `/_sim${path}`, body),
    /** The product's Cloud API client, pointed at this simulator. */
    client: (overrides: { accessToken?: string } = {}) =>
      new CloudApiClient({
        baseUrl: sim.url,
        version: 'v23.0',
        phoneNumberId: PHONE_ID,
        wabaId: WABA_ID,
        accessToken: overrides.accessToken ?? TOKEN,
      }),
    /** Account-level webhooks of one field (`message_template_status_update`…), in arrival order. */
    accountChanges(field: string) {
      return receiver.received
        .filter((r) => r.json.entry?.[0]?.changes?.[0]?.field === field)
        .map((r) => ({ ...r, entry: r.json.entry[0], value: r.json.entry[0].changes[0].value }));
    },
    send: (body: Record<string, unknown>) =>
      call(
        'POST',
        `/v23.0/${PHONE_ID}/messages`,
        { messaging_product: 'whatsapp', ...body },
        {
          authorization: `Bearer ${TOKEN}`,
        },
      ),
    async close() {
      await sim.stop();
      await receiver.close();
    },
  };
}

export type Wired = Awaited<ReturnType<typeof startWiredSimulator>>;
