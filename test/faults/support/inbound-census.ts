import pg from 'pg';

/**
 * Customers writing in during the faults (the simulator posts each message's signed webhook to the
 * gateway and retries it on anything but a 2xx, as WhatsApp does), and what became of each
 * message: acknowledged by the gateway (a 200), and stored by the inbox — once.
 */

export interface InboundBurst {
  /** Messages the simulator was asked to send. */
  readonly requested: () => number;
  /** Control calls to the simulator that failed (not the product's doing: they fail the test). */
  readonly failures: string[];
  stop(): Promise<void>;
}

/** `perSecond` text messages, round robin over `customers` (wa_ids), until stopped. */
export function startInboundBurst(sim: string, customers: string[], perSecond: number): InboundBurst {
  let requested = 0;
  let stopped = false;
  const failures: string[] = [];
  const inFlight = new Set<Promise<void>>();
  const send = async (n: number) => {
    try {
      const res = await fetch(`${sim}/_sim/inbound`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          from: customers[n % customers.length],
          type: 'text',
          text: `fault burst #${n}`,
        }),
      });
      if (!res.ok) failures.push(`inbound #${n}: ${res.status} ${await res.text()}`);
    } catch (error) {
      failures.push(`inbound #${n}: ${String(error)}`);
    }
  };
  const loop = (async () => {
    const started = Date.now();
    while (!stopped) {
      // Paced on the clock: a slow answer (the first attempt waits for the gateway) does not slow the burst.
      const due = Math.floor(((Date.now() - started) / 1000) * perSecond);
      while (requested < due && inFlight.size < 200) {
        const call = send(requested++).finally(() => inFlight.delete(call));
        inFlight.add(call);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  })();
  return {
    requested: () => requested,
    failures,
    stop: async () => {
      stopped = true;
      await loop;
      await Promise.all(inFlight);
    },
  };
}

export interface DeliveryAttempt {
  at: string;
  ok: boolean;
  httpStatus?: number;
  error?: string;
}

export interface InboundDelivery {
  wamid: string;
  outcome: 'pending' | 'retrying' | 'delivered' | 'failed' | 'cancelled' | 'skipped';
  createdAt: string;
  attempts: DeliveryAttempt[];
}

/** Every message webhook the simulator delivered or is still delivering, with each attempt. */
export async function inboundDeliveries(sim: string): Promise<InboundDelivery[]> {
  const res = await fetch(`${sim}/_sim/webhooks?kind=message`);
  if (!res.ok) throw new Error(`simulator webhooks: ${res.status}`);
  const { data } = (await res.json()) as { data: InboundDelivery[] };
  return data.map(({ wamid, outcome, createdAt, attempts }) => ({ wamid, outcome, createdAt, attempts }));
}

/** Until no message webhook is waiting for a retry; answers them as last read. */
export async function settledDeliveries(sim: string, timeoutMs: number): Promise<InboundDelivery[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const deliveries = await inboundDeliveries(sim);
    const open = deliveries.filter((d) => d.outcome === 'pending' || d.outcome === 'retrying');
    if (open.length === 0 || Date.now() > deadline) return deliveries;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Acknowledged: one of its attempts was answered 200 by the gateway. */
export const acknowledged = (d: InboundDelivery) => d.attempts.some((a) => a.httpStatus === 200);

/** How many inbox messages hold each of `wamids` (read from the inbox's own tables). */
export async function storedCounts(databaseUrl: string, wamids: string[]): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ wamid: string; n: number }>(
      `select provider_message_id as wamid, count(*)::int as n from inbox.messages
        where provider_message_id = any($1::text[]) group by provider_message_id`,
      [wamids],
    );
    return new Map(rows.map((r) => [r.wamid, r.n]));
  } finally {
    await client.end();
  }
}

/** Until every acknowledged message is stored (the inbox drains its queue), or `timeoutMs`. */
export async function storedOnceDrained(
  databaseUrl: string,
  acked: string[],
  timeoutMs: number,
): Promise<Map<string, number>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const stored = await storedCounts(databaseUrl, acked);
    if (acked.every((w) => stored.has(w)) || Date.now() > deadline) return stored;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/** Every message against its storage: what was acknowledged, and what is missing or stored twice. */
export function inboundVerdict(deliveries: InboundDelivery[], stored: Map<string, number>) {
  const acked = deliveries.filter(acknowledged).map((d) => d.wamid);
  const byWamid = new Map(deliveries.map((d) => [d.wamid, d]));
  return {
    acked,
    neverAcknowledged: deliveries
      .filter((d) => !acknowledged(d))
      .map((d) => ({ wamid: d.wamid, outcome: d.outcome, attempts: d.attempts })),
    missing: acked
      .filter((w) => !stored.has(w))
      .map((w) => ({ wamid: w, created: byWamid.get(w)!.createdAt, attempts: byWamid.get(w)!.attempts })),
    storedTwice: [...stored].filter(([, n]) => n > 1).map(([w, n]) => `${w}×${n}`),
    /** Acknowledged messages first sent between `from` and `to` that are not stored exactly once. */
    lostBetween: (from: number, to: number) =>
      acked.filter((w) => {
        const at = Date.parse(byWamid.get(w)!.createdAt);
        return at >= from && at <= to && stored.get(w) !== 1;
      }).length,
  };
}
