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

const SENT_OR_BEYOND = ['SENT', 'DELIVERED', 'READ'];
const view = (r: RecipientView) => ({ id: r.id, status: r.status, error: r.error });

/**
 * A campaign's recipients against what WhatsApp (the simulator) received. Every list but
 * `neverReceived`, `unknown` and `lostByKill` must be empty: nobody sent twice, everyone received
 * SENT or beyond, the never received exactly the OUTCOME_UNKNOWN (by design never resent), and each
 * of those explained — claimed by the killed worker (`inFlightAtKill`) or sent without an answer.
 */
export function campaignVerdict(
  recipients: RecipientView[],
  sim: SimulatorCensus,
  inFlightAtKill: Set<string>,
  unanswered: Set<string>,
) {
  const received = (r: RecipientView) => sim.sendsByCallback.has(`campaign:${r.id}`);
  const neverReceived = recipients.filter((r) => !received(r));
  const unknown = recipients.filter((r) => r.error?.code === 'OUTCOME_UNKNOWN');
  return {
    neverReceived,
    unknown,
    lostByKill: unknown.filter((r) => inFlightAtKill.has(r.id) && !unanswered.has(r.id)),
    /** The simulator's own duplicate count (per template × phone and per callback data), and its list. */
    duplicates: { duplicates: sim.counts.duplicateCount, listed: sim.counts.duplicates },
    sentTwice: [...sim.sendsByCallback].filter(([, n]) => n > 1).map(([callback]) => callback),
    /** Received by WhatsApp yet not shown as SENT or beyond. */
    behind: recipients.filter((r) => received(r) && !SENT_OR_BEYOND.includes(r.status)).map(view),
    /** Sends the simulator holds that are no recipient of this campaign. */
    strangers: sim.sendsByCallback.size - (recipients.length - neverReceived.length),
    /** Never received, yet not FAILED with OUTCOME_UNKNOWN. */
    odd: neverReceived.filter((r) => r.status !== 'FAILED' || r.error?.code !== 'OUTCOME_UNKNOWN').map(view),
    /** OUTCOME_UNKNOWN that WhatsApp did receive (its answer was lost), or the other way round. */
    unknownNotNeverReceived: symmetricDifference(unknown, neverReceived),
    /** OUTCOME_UNKNOWN neither in flight at the kill nor reported by a worker as sent without an answer. */
    unexplained: unknown.filter((r) => !inFlightAtKill.has(r.id) && !unanswered.has(r.id)).map(view),
  };
}

function symmetricDifference(a: RecipientView[], b: RecipientView[]): string[] {
  const inA = new Set(a.map((r) => r.id));
  const inB = new Set(b.map((r) => r.id));
  return [...a.filter((r) => !inB.has(r.id)), ...b.filter((r) => !inA.has(r.id))].map((r) => r.id).sort();
}
