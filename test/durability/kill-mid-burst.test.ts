import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { signPayload } from '@inbox/whatsapp';
import { client, login, type Client } from '../support/http';
import { buildProduct, killHard, startProduct, type ProductProcess } from './product-process';

/*
 * Nothing accepted is lost: `npm start`'s real entry takes a burst of signed webhooks, is killed
 * with SIGKILL in the middle, and restarts on the same data; every message whose webhook was
 * answered 200 is then stored exactly once. Embedded by default (PGlite, the durable bus); with
 * DATABASE_URL and AMQP_URL set, the same process against a fresh PostgreSQL database and RabbitMQ.
 */

const BURST = 500;
const KILL_AFTER = 250;
const CONCURRENCY = 16;
const CUSTOMERS = 10;
const CHANNEL = {
  phoneNumberId: '100000000000977',
  wabaId: '200000000000977',
  appSecret: randomBytes(16).toString('hex'),
};
const ADMIN = { clientId: 1, email: 'admin@example.com', password: 'durability-admin-password' };
const RUN = randomBytes(4).toString('hex');
const wamid = (n: number) => `wamid.kill9.${RUN}.${n}`;

function signedWebhook(n: number): { body: string; headers: Record<string, string> } {
  const from = `5215550000${String(n % CUSTOMERS).padStart(3, '0')}`;
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '15550100977', phone_number_id: CHANNEL.phoneNumberId },
    contacts: [{ profile: { name: `Customer ${n % CUSTOMERS}` }, wa_id: from }],
    messages: [
      {
        from,
        id: wamid(n),
        timestamp: String(Math.floor(Date.now() / 1000)),
        type: 'text',
        text: { body: `burst ${n}` },
      },
    ],
  };
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: CHANNEL.wabaId, changes: [{ field: 'messages', value }] }],
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      'x-hub-signature-256': signPayload(body, CHANNEL.appSecret),
    },
  };
}

/**
 * Sends the burst from CONCURRENCY connections; `onAccepted` runs after each 200. Requests cut off
 * by the kill fail: they were never acknowledged, so nothing is owed for them.
 */
async function burst(baseUrl: string, onAccepted: (accepted: Set<number>) => void): Promise<Set<number>> {
  const accepted = new Set<number>();
  let next = 0;
  let refused = false;
  const worker = async () => {
    while (!refused && next < BURST) {
      const n = next++;
      const res = await fetch(`${baseUrl}/webhooks/whatsapp`, { method: 'POST', ...signedWebhook(n) }).catch(
        () => undefined,
      );
      if (!res) {
        refused = true;
        return;
      }
      await res.arrayBuffer();
      if (res.status === 200) {
        accepted.add(n);
        onAccepted(accepted);
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return accepted;
}

/** How many times each of this run's wamids is stored, read through the REST API. */
async function storedCounts(api: Client, token: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const conversations = await api.get('/conversations?limit=100', { token });
  if (conversations.status !== 200) throw new Error(`conversations: ${conversations.status}`);
  for (const conversation of conversations.body.data as Array<{ id: string }>) {
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `&cursor=${encodeURIComponent(cursor)}` : '';
      const page = await api.get(`/conversations/${conversation.id}/messages?limit=100${query}`, { token });
      if (page.status !== 200) throw new Error(`messages: ${page.status}`);
      for (const message of page.body.data as Array<{ providerMessageId: string | null }>) {
        const id = message.providerMessageId ?? '';
        if (id.startsWith(`wamid.kill9.${RUN}.`)) counts.set(id, (counts.get(id) ?? 0) + 1);
      }
      cursor = page.body.nextCursor;
    } while (cursor);
  }
  return counts;
}

/** The distributed variant's own database, dropped afterwards; undefined in the embedded mode. */
async function distributedEnv(): Promise<{ env: Record<string, string>; drop(): Promise<void> } | undefined> {
  const url = process.env.DATABASE_URL;
  if (!url || !process.env.AMQP_URL) return undefined;
  const name = `kill9_${RUN}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    env: { DATABASE_URL: target.toString(), AMQP_URL: process.env.AMQP_URL },
    drop: async () => {
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

describe('npm start killed with SIGKILL in the middle of a webhook burst', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kill9-'));
  let product: ProductProcess | undefined;
  let distributed: Awaited<ReturnType<typeof distributedEnv>>;
  const env = () => ({
    DATA_DIR: dataDir,
    PORT: '0',
    HOST: '127.0.0.1',
    LOG_LEVEL: 'error',
    BOOTSTRAP_ADMIN_PASSWORD: ADMIN.password,
    RATE_LIMIT_PER_MINUTE: '100000',
    WHATSAPP_PHONE_NUMBER_ID: CHANNEL.phoneNumberId,
    WHATSAPP_WABA_ID: CHANNEL.wabaId,
    WHATSAPP_ACCESS_TOKEN: 'unused-inbound-only',
    WHATSAPP_APP_SECRET: CHANNEL.appSecret,
    WHATSAPP_VERIFY_TOKEN: 'unused-inbound-only',
    // Inbound text needs no call to the platform; nothing listens here.
    WHATSAPP_API_BASE_URL: 'http://127.0.0.1:9',
    ...distributed?.env,
  });

  beforeAll(async () => {
    await buildProduct();
    distributed = await distributedEnv();
  }, 180_000);
  afterAll(async () => {
    await product?.stop();
    await distributed?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('stores every message answered 200 exactly once after restarting on the same data', async () => {
    product = await startProduct(env());
    const victim = product;
    let killing: Promise<void> | undefined;
    const accepted = await burst(victim.baseUrl, (so) => {
      if (so.size >= KILL_AFTER) killing ??= killHard(victim);
    });
    await killing;
    expect(accepted.size).toBeGreaterThanOrEqual(KILL_AFTER);
    expect(accepted.size).toBeLessThan(BURST); // the kill did land mid-burst

    product = await startProduct(env());
    const api = client(product.baseUrl);
    const token = await login(api, ADMIN.clientId, ADMIN.email, ADMIN.password);
    const deadline = Date.now() + 60_000;
    let counts = await storedCounts(api, token);
    while ([...accepted].some((n) => !counts.has(wamid(n))) && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      counts = await storedCounts(api, token);
    }
    const missing = [...accepted].filter((n) => !counts.has(wamid(n)));
    const duplicated = [...counts].filter(([, count]) => count !== 1);
    expect({ missing, duplicated }).toEqual({ missing: [], duplicated: [] });
  }, 300_000);
});
