import pg from 'pg';
import type { Probe, SimCounts } from '../../../tools/bench/src/campaigns-probe';

/** Who got what: the simulator's record of every send, the campaign's recipients as the API shows them. */

export interface RecipientView {
  id: string;
  phone: string;
  status: string;
  error: { code: string; title: string; details: string | null } | null;
}

/** The campaign's recipients, every page (the API's largest page size). */
export async function recipientsOf(probe: Probe, campaignId: string): Promise<RecipientView[]> {
  const all: RecipientView[] = [];
  for (let page = 1; ; page++) {
    const res = await probe.call<{ recipients: { data: RecipientView[]; total: number } }>(
      'GET',
      `/campaigns/${campaignId}?page=${page}&limit=200`,
    );
    if (res.status !== 200)
      throw new Error(`recipients page ${page}: ${res.status} ${JSON.stringify(res.body)}`);
    all.push(...res.body.recipients.data);
    if (res.body.recipients.data.length === 0 || all.length >= res.body.recipients.total) return all;
  }
}

export interface SimulatorCensus {
  /** Accepted sends per `biz_opaque_callback_data` (campaign:<recipient id>). */
  sendsByCallback: Map<string, number>;
  /** The simulator's own duplicate count: per (template, recipient) and per callback data. */
  counts: SimCounts;
}

/** Every send the simulator accepted (it keeps up to its sentLimit, 20,000 by default), and its counts. */
export async function simulatorCensus(sim: string): Promise<SimulatorCensus> {
  const res = await fetch(`${sim}/_sim/sent`);
  if (!res.ok) throw new Error(`simulator sends: ${res.status}`);
  const sent = ((await res.json()) as { data: Array<{ body: Record<string, unknown> }> }).data;
  const sendsByCallback = new Map<string, number>();
  for (const { body } of sent) {
    const callback = body.biz_opaque_callback_data;
    if (typeof callback === 'string') sendsByCallback.set(callback, (sendsByCallback.get(callback) ?? 0) + 1);
  }
  const counted = await fetch(`${sim}/_sim/sent/counts?callbackPrefix=campaign:&limit=20`);
  if (!counted.ok) throw new Error(`simulator counts: ${counted.status}`);
  return { sendsByCallback, counts: (await counted.json()) as SimCounts };
}

/**
 * Reads the recipients claimed by a worker whose outcome is not written yet (DISPATCHING) from the
 * campaigns database itself (the API shows them as PENDING): what was in flight at a kill. Connected
 * beforehand, so a read right after the kill takes one round trip.
 */
export async function dispatchingReader(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  return {
    read: async (campaignId: string): Promise<Set<string>> => {
      const { rows } = await client.query<{ id: string }>(
        `select id from campaigns.campaign_recipients where campaign_id = $1 and status = 'DISPATCHING'`,
        [campaignId],
      );
      return new Set(rows.map((r) => r.id));
    },
    close: () => client.end(),
  };
}

/** What a worker logs when a send got no answer (timeout, connection lost): left DISPATCHING, never resent. */
const NO_ANSWER = ['campaign send without an answer', 'campaign send failed unexpectedly'];

/**
 * The recipients whose send the workers reported without an answer, from the workers' log lines
 * (`onWorkerLine`): OUTCOME_UNKNOWN for a reason other than the kill (a starved machine answering
 * after the Cloud API client's 15 s timeout).
 */
export function unansweredSends() {
  const ids = new Set<string>();
  return {
    ids,
    onWorkerLine: (_worker: string, line: string) => {
      if (!line.startsWith('{')) return;
      try {
        const entry = JSON.parse(line) as { msg?: unknown; recipientId?: unknown };
        const msg = typeof entry.msg === 'string' ? entry.msg : '';
        if (typeof entry.recipientId === 'string' && NO_ANSWER.some((m) => msg.startsWith(m)))
          ids.add(entry.recipientId);
      } catch {
        // not a log entry
      }
    },
  };
}
