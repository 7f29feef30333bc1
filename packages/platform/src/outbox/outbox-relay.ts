import type { EventEnvelope } from '@inbox/contracts';
import { and, asc, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { EventBus } from '../bus/bus';
import type { Db } from '../db/database';
import { serviceOf, type Logger } from '../logger';
import { within } from '../time-limit';
import { onScrape, outboxBacklog, outboxOldestAge } from '../metrics/catalog';
import type { OutboxTable, OutboxTables } from './outbox';

export interface OutboxRelayOptions {
  db: Db;
  tables: OutboxTables;
  bus: Pick<EventBus, 'publish'>;
  logger: Logger;
  /** Interval between passes when nobody nudges. */
  pollMs?: number;
  batchSize?: number;
  /**
   * How long a claimed row belongs to this relay. A publish is abandoned after half of it, so the
   * lease outlives every publish this relay still waits for; a relay that dies lets it lapse.
   */
  leaseMs?: number;
  /**
   * This process is the only relay of the database (the embedded mode: one process owns PGlite),
   * so leases found at start were left by a process that died: they go at once, not when they lapse.
   */
  releaseLeasesOnStart?: boolean;
  /** The `service` label of the outbox gauges; default: the logger's `service` binding. */
  service?: string;
}

const MAX_BACKOFF_MS = 30_000;
const CLEANUP_EVERY_MS = 60 * 60 * 1000;

interface ClaimedRow {
  id: string;
  payload: EventEnvelope;
  headers: Record<string, string>;
  createdAt: Date;
}

/**
 * Publishes committed outbox rows through the bus with publisher confirms, then marks them.
 * No transaction is open while publishing: a pass claims a batch with a lease in one short
 * statement (`FOR UPDATE SKIP LOCKED`, so replicas relay side by side), publishes, then marks the
 * batch published. A broker that blocks publishers (memory or disk alarm) thus holds no row locks
 * and no connection. A failed or timed-out publish releases the lease for the next pass, and a
 * crash before the mark publishes the rows again: idempotent consumers absorb the copies
 * (at-least-once). Within a process, passes never overlap.
 */
export class OutboxRelay {
  private readonly db: Db;
  private readonly outbox: OutboxTable;
  private readonly bus: Pick<EventBus, 'publish'>;
  private readonly logger: Logger;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private state: 'idle' | 'started' | 'stopped' = 'idle';
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  /** A nudge arrived during a pass: rows committed meanwhile may have been missed. */
  private again = false;
  private failures = 0;
  private lastCleanup = 0;
  private releaseLeases: boolean;
  private readonly service: string;
  private removeScrapeHook?: () => void;

  constructor(options: OutboxRelayOptions) {
    this.db = options.db;
    this.outbox = options.tables.outbox;
    this.bus = options.bus;
    this.logger = options.logger;
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 200;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.releaseLeases = options.releaseLeasesOnStart ?? false;
    this.service = options.service ?? serviceOf(options.logger);
  }

  start(): void {
    if (this.state !== 'idle') return;
    this.state = 'started';
    this.removeScrapeHook = onScrape(() => this.readGauges());
    this.trigger();
  }

  /** Relays now rather than at the next poll; call it after committing a transaction that appended events. */
  nudge(): void {
    if (this.state !== 'started') return;
    if (this.running) {
      this.again = true;
      return;
    }
    // While backing off from a failure (broker down), nudges would only hammer it.
    if (this.failures === 0) this.trigger();
  }

  /** Stops polling after a last pass, so that what was committed before shutdown goes out now. */
  async stop(): Promise<void> {
    if (this.state === 'stopped') return;
    const wasStarted = this.state === 'started';
    this.state = 'stopped';
    this.removeScrapeHook?.();
    clearTimeout(this.timer);
    await this.running;
    if (!wasStarted) return;
    try {
      await this.drain();
    } catch (err) {
      this.logger.error({ err }, 'final outbox flush failed; the rows stay for the next start');
    }
  }

  private trigger(): void {
    if (this.running) return;
    clearTimeout(this.timer);
    this.running = this.loop();
  }

  private async loop(): Promise<void> {
    do {
      this.again = false;
      try {
        await this.drain();
        this.failures = 0;
      } catch (err) {
        this.failures++;
        this.logger.warn({ err, failures: this.failures }, 'outbox relay pass failed; backing off');
        break;
      }
    } while (this.again && this.state === 'started');
    this.running = undefined;
    if (this.state !== 'started') return;
    const delay =
      this.failures === 0 ? this.pollMs : Math.min(this.pollMs * 2 ** this.failures, MAX_BACKOFF_MS);
    this.timer = setTimeout(() => this.trigger(), delay);
  }

  /** Passes until a batch comes back short: a backlog goes out without waiting for the next poll. */
  private async drain(): Promise<void> {
    if (this.releaseLeases) {
      await this.db
        .update(this.outbox)
        .set({ leasedUntil: null })
        .where(and(isNull(this.outbox.publishedAt), isNotNull(this.outbox.leasedUntil)));
      this.releaseLeases = false;
    }
    while ((await this.pass()) === this.batchSize);
    await this.cleanUp();
  }

  private async pass(): Promise<number> {
    const rows = await this.claim();
    if (rows.length === 0) return 0;
    const ids = rows.map((row) => row.id);
    try {
      // Bounded whatever the bus does, so a publish never outlives the lease of its rows.
      const ms = this.leaseMs / 2;
      await within(
        this.bus.publish(rows.map((row) => ({ envelope: row.payload, headers: row.headers }))),
        ms,
        () => new Error(`publishing was not confirmed within ${ms} ms`),
      );
    } catch (err) {
      // Retried on the next pass rather than when the lease lapses. If the broker got them after
      // all, the copies are absorbed by idempotent consumers.
      await this.release(ids).catch(() => undefined);
      throw err;
    }
    await this.db
      .update(this.outbox)
      .set({ publishedAt: sql`now()`, leasedUntil: null })
      .where(this.idIn(ids));
    this.logger.debug({ count: rows.length }, 'outbox events published');
    return rows.length;
  }

  /** Takes the oldest unpublished, unleased rows; one statement, so its locks end with it. */
  private async claim(): Promise<ClaimedRow[]> {
    const outbox = this.outbox;
    const due = this.db
      .select({ id: outbox.id })
      .from(outbox)
      .where(
        and(isNull(outbox.publishedAt), or(isNull(outbox.leasedUntil), lt(outbox.leasedUntil, sql`now()`))),
      )
      .orderBy(asc(outbox.createdAt), asc(outbox.id))
      .limit(this.batchSize)
      .for('update', { skipLocked: true });
    const rows = await this.db
      .update(outbox)
      .set({ leasedUntil: sql`now() + make_interval(secs => ${this.leaseMs / 1000})` })
      .where(inArray(outbox.id, due))
      .returning({
        id: outbox.id,
        payload: outbox.payload,
        headers: outbox.headers,
        createdAt: outbox.createdAt,
      });
    // RETURNING keeps no order. Rows of one transaction share created_at (now() is the
    // transaction's start); ids (time-ordered) break the tie.
    return rows.sort(
      (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0),
    );
  }

  private async release(ids: string[]): Promise<void> {
    await this.db
      .update(this.outbox)
      .set({ leasedUntil: null })
      .where(and(this.idIn(ids), isNull(this.outbox.publishedAt)));
  }

  /** The ids as one JSON parameter: a parameter each (up to a batch) costs more to build than to run. */
  private idIn(ids: string[]) {
    return sql`${this.outbox.id} in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  }

  /**
   * The backlog and its oldest row's age, read at scrape time with one statement over the
   * partial index of unpublished rows. Every replica of a service reads the same table, so each
   * reports the same numbers (dashboards take their max).
   */
  private async readGauges(): Promise<void> {
    const { publishedAt, createdAt } = this.outbox;
    const [row] = await this.db
      .select({
        backlog: sql<number>`count(*)::int`,
        oldestAge: sql<number>`coalesce(extract(epoch from now() - min(${createdAt})), 0)::float8`,
      })
      .from(this.outbox)
      .where(isNull(publishedAt));
    outboxBacklog.set({ service: this.service }, row.backlog);
    outboxOldestAge.set({ service: this.service }, row.oldestAge);
  }

  /** Published rows are kept a week for inspection, then deleted; at most hourly, and never fatal. */
  private async cleanUp(): Promise<void> {
    if (Date.now() - this.lastCleanup < CLEANUP_EVERY_MS) return;
    this.lastCleanup = Date.now();
    const { publishedAt } = this.outbox;
    await this.db
      .delete(this.outbox)
      .where(and(isNotNull(publishedAt), lt(publishedAt, sql`now() - interval '7 days'`)))
      .catch((err: unknown) => this.logger.warn({ err }, 'outbox clean-up failed'));
  }
}
