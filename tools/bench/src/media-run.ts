import { fork, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { CONTEXT_METADATA, newId, signCallerToken } from '@inbox/platform';
import { multipartBody } from '@inbox/whatsapp';
import { startSimulator, type Simulator } from '@inbox/whatsapp-sim';
import type { ChildReady, ChildRequest } from './media-inbox';

/*
 * Three large files moving through one inbox process at once — two customers' documents downloaded
 * from WhatsApp and one agent upload sent on to WhatsApp — while the process samples its own RSS.
 * Shared by `npm run bench:media` (figures) and the CI test (a bound on memory, never on time).
 */

const MB = 1024 * 1024;
const SIM = { accessToken: 'media-bench-token', phoneNumberId: '100000000000555', wabaId: '200000000000555' };

export interface MediaRunOptions {
  fileBytes: number;
  /** Repository whose built inbox runs as the measured process (another checkout for "before"). */
  repoRoot?: string;
}

export interface MediaRunResult {
  baselineMb: number;
  peakMb: number;
  growthMb: number;
  seconds: number;
  downloads: { status: string; size: number }[];
  upload: { status: number; messageStatus: string; receivedBytes: number; sha256Matches: boolean };
}

const REPO = path.resolve(__dirname, '../../..');
const mb = (bytes: number) => Math.round((bytes / MB) * 10) / 10;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The measured process, driven over IPC. */
class InboxChild {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    (reply: { ok: boolean; result?: unknown; error?: string }) => void
  >();
  private constructor(
    readonly process: ChildProcess,
    readonly ready: ChildReady,
  ) {
    process.on('message', (reply: { id: number; ok: boolean }) => this.pending.get(reply.id)?.(reply));
  }

  static start(repoRoot: string, simUrl: string): Promise<InboxChild> {
    const child = fork(path.join(repoRoot, 'tools/bench/dist/media-inbox.js'), {
      env: {
        ...process.env,
        SIM_URL: simUrl,
        SIM_PHONE_NUMBER_ID: SIM.phoneNumberId,
        SIM_WABA_ID: SIM.wabaId,
        SIM_ACCESS_TOKEN: SIM.accessToken,
      },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    return new Promise((resolve, reject) => {
      child.once('exit', (code) =>
        reject(new Error(`the inbox process exited with ${code} before it was ready`)),
      );
      child.once('message', (ready: ChildReady) => resolve(new InboxChild(child, ready)));
    });
  }

  async call<T>(command: ChildRequest): Promise<T> {
    const id = this.nextId++;
    const reply = await new Promise<{ ok: boolean; result?: unknown; error?: string }>((resolve) => {
      this.pending.set(id, resolve);
      this.process.send({ ...command, id });
    });
    this.pending.delete(id);
    if (!reply.ok) throw new Error(reply.error);
    return reply.result as T;
  }

  async rows<T>(text: string): Promise<T[]> {
    return (await this.call<{ rows: T[] }>({ cmd: 'query', text })).rows;
  }

  async stop(): Promise<void> {
    if (this.process.exitCode !== null) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.disconnect();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, 10_000)))]);
    clearTimeout(timer);
    // Only our own child, by its handle, when it did not stop on its own.
    if (this.process.exitCode === null && this.process.signalCode === null) this.process.kill('SIGKILL');
  }
}

/** Deterministic bytes made on the fly, so a 100 MB upload is never a 100 MB buffer here either. */
function generated(size: number, hash: ReturnType<typeof createHash>): Readable {
  const block = Buffer.alloc(64 * 1024, 0x5a);
  return Readable.from(
    (function* () {
      for (let sent = 0; sent < size; sent += block.length) {
        const chunk = Buffer.from(block.subarray(0, Math.min(block.length, size - sent)));
        chunk.writeUInt32LE(sent / block.length, 0);
        hash.update(chunk);
        yield chunk;
      }
    })(),
  );
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

async function customerWrites(sim: Simulator, from: string, media?: { size: number }): Promise<string> {
  const body = media
    ? { from, type: 'document', media: { mimeType: 'application/pdf', generatedSize: media.size } }
    : { from, type: 'text', text: 'hello' };
  const res = await fetch(`${sim.url}/_sim/inbound`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { wamid: string; delivery: { status: string } };
  if (json.delivery.status !== 'delivered') throw new Error(`webhook not delivered: ${JSON.stringify(json)}`);
  return json.wamid;
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

const conversationOf = (child: InboxChild, waId: string) =>
  until(`the conversation of ${waId}`, async () => {
    const [row] = await child.rows<{ id: string }>(
      `select id from inbox.conversations where wa_id = ${quote(waId)} and status <> 'CLOSED'`,
    );
    return row?.id;
  });

const downloaded = (child: InboxChild, wamid: string) =>
  until(`the media of ${wamid}`, async () => {
    const [row] = await child.rows<{ media_status: string; media_size: number | null }>(
      `select media_status, media_size from inbox.messages where provider_message_id = ${quote(wamid)}`,
    );
    return row && row.media_status !== 'PENDING'
      ? { status: row.media_status, size: Number(row.media_size ?? 0) }
      : undefined;
  });

/** An agent's file sent through the inbox's internal HTTP API, as the gateway proxies it. */
function agentUpload(child: InboxChild, conversationId: string, size: number) {
  const hash = createHash('sha256');
  const body = multipartBody(
    {},
    {
      field: 'file',
      stream: generated(size, hash),
      size,
      filename: 'report.pdf',
      mimeType: 'application/pdf',
    },
  );
  const caller = {
    orgId: child.ready.orgId,
    kind: 'USER' as const,
    principalId: 'agent',
    role: 'AGENT' as const,
  };
  const token = signCallerToken(child.ready.internalSecret, { ...caller, userId: 'agent' });
  return new Promise<{ status: number; messageStatus: string; sha256: string }>((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: child.ready.httpPort,
        method: 'POST',
        path: `/internal/conversations/${conversationId}/messages/media`,
        headers: {
          'content-type': body.contentType,
          'content-length': body.length,
          [CONTEXT_METADATA]: token,
          'x-request-id': newId(),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const answer = JSON.parse(Buffer.concat(chunks).toString()) as { status?: string };
          resolve({
            status: res.statusCode ?? 0,
            messageStatus: answer.status ?? '',
            sha256: hash.digest('hex'),
          });
        });
      },
    );
    req.on('error', reject);
    body.stream.pipe(req);
  });
}

/** One round: two inbound documents and one agent upload of `size` bytes, all at once. */
async function round(
  child: InboxChild,
  sim: Simulator,
  agentConversation: string,
  size: number,
  tag: string,
) {
  const [a, b] = await Promise.all([
    customerWrites(sim, `1555${tag}0001`, { size }),
    customerWrites(sim, `1555${tag}0002`, { size }),
  ]);
  const [downloads, upload] = await Promise.all([
    Promise.all([downloaded(child, a), downloaded(child, b)]),
    agentUpload(child, agentConversation, size),
  ]);
  const received = [...sim.state.media.values()].find(
    (m) => m.origin === 'upload' && m.sha256 === upload.sha256,
  );
  return {
    downloads,
    upload: {
      status: upload.status,
      messageStatus: upload.messageStatus,
      receivedBytes: received?.size ?? 0,
      sha256Matches: received !== undefined,
    },
  };
}

export async function runMediaTransfers(options: MediaRunOptions): Promise<MediaRunResult> {
  const sim = await startSimulator({
    appSecret: 'media-bench-secret',
    accessToken: SIM.accessToken,
    phoneNumberId: SIM.phoneNumberId,
    wabaId: SIM.wabaId,
    displayPhoneNumber: '15550005555',
    autoStatuses: false,
  });
  let child: InboxChild | undefined;
  try {
    child = await InboxChild.start(options.repoRoot ?? REPO, sim.url);
    sim.setWebhookUrl(child.ready.webhookUrl);
    const agentCustomer = '15559990000';
    await customerWrites(sim, agentCustomer);
    const conversation = await conversationOf(child, agentCustomer);
    // Warm-up with 1 MB files: code loaded, pools and buffers allocated, before the baseline.
    await round(child, sim, conversation, MB, '100');
    const { baseline } = await child.call<{ baseline: number }>({ cmd: 'baseline' });
    const started = Date.now();
    const result = await round(child, sim, conversation, options.fileBytes, '200');
    const seconds = (Date.now() - started) / 1000;
    const { peak } = await child.call<{ peak: number }>({ cmd: 'peak' });
    return { baselineMb: mb(baseline), peakMb: mb(peak), growthMb: mb(peak - baseline), seconds, ...result };
  } finally {
    await child?.stop();
    await sim.stop();
  }
}
