import type { Response } from 'express';
import { QUEUES, type EventEnvelope } from '@inbox/contracts';
import { HttpProblem, type EventBus } from '@inbox/platform';

/** What a live stream carries: conversation, message, contact and job changes of the caller's organization. */
export const LIVE_BINDINGS = ['inbox.conversation.#', 'inbox.message.#', 'inbox.contact.#', 'inbox.job.#'];

interface Buffered {
  id: string;
  frame: string;
  at: number;
}

export interface LiveHubOptions {
  /** How long events are kept for clients that reconnect with Last-Event-ID. */
  retentionMs?: number;
  maxEventsPerOrg?: number;
  /** History is also bounded in bytes: a few large messages must not hold megabytes per organization. */
  maxBytesPerOrg?: number;
  /** Streams one user or API key may hold open at once on this replica (tabs, devices). */
  maxStreamsPerPrincipal?: number;
  heartbeatMs?: number;
  /**
   * A stream ends after this long and the client reconnects (with Last-Event-ID, missing
   * nothing): its credentials are checked again, so a deleted user or revoked key stops receiving.
   */
  maxStreamMs?: number;
}

/** A client that stopped reading while its connection stays open is dropped past this backlog. */
const MAX_UNREAD_BYTES = 1024 * 1024;

/**
 * Fans bus events out to Server-Sent-Event clients, per organization, and keeps a few minutes of
 * history so a client that reconnects with Last-Event-ID misses nothing. Event ids are UUIDv7,
 * ordered by time, so "after the last one seen" is a string comparison.
 */
export class LiveHub {
  private readonly history = new Map<number, { items: Buffered[]; bytes: number }>();
  private readonly clients = new Map<number, Set<Response>>();
  private readonly streamsByPrincipal = new Map<string, number>();
  private readonly retentionMs: number;
  private readonly maxEvents: number;
  private readonly maxBytes: number;
  private readonly maxStreamsPerPrincipal: number;
  private readonly heartbeat: NodeJS.Timeout;
  private readonly maxStreamMs: number;

  constructor(options: LiveHubOptions = {}) {
    this.retentionMs = options.retentionMs ?? 5 * 60_000;
    this.maxEvents = options.maxEventsPerOrg ?? 5_000;
    this.maxBytes = options.maxBytesPerOrg ?? 2 * 1024 * 1024;
    this.maxStreamsPerPrincipal = options.maxStreamsPerPrincipal ?? 5;
    this.maxStreamMs = options.maxStreamMs ?? 15 * 60_000;
    // A comment line every few seconds keeps proxies from closing idle streams; the same tick
    // forgets history of organizations that have been quiet.
    this.heartbeat = setInterval(() => {
      this.broadcastAll(': keep-alive\n\n');
      this.prune(Date.now());
    }, options.heartbeatMs ?? 15_000);
    this.heartbeat.unref();
  }

  /** Every replica has its own exclusive queue: each one must see every event. */
  async start(bus: EventBus): Promise<void> {
    await bus.subscribe(
      { queue: QUEUES.gatewayLive, exclusive: true, bindings: LIVE_BINDINGS, prefetch: 100 },
      async (event) => this.dispatch(event),
    );
  }

  dispatch(event: EventEnvelope): void {
    const frame = `id: ${event.id}\nevent: ${event.type}\ndata: ${JSON.stringify({ id: event.id, type: event.type, occurredAt: event.occurredAt, data: event.data })}\n\n`;
    const buffer = this.history.get(event.orgId) ?? { items: [], bytes: 0 };
    buffer.items.push({ id: event.id, frame, at: Date.now() });
    buffer.bytes += frame.length;
    while (buffer.items.length > this.maxEvents || buffer.bytes > this.maxBytes)
      buffer.bytes -= buffer.items.shift()!.frame.length;
    this.history.set(event.orgId, buffer);
    for (const res of this.clients.get(event.orgId) ?? []) this.send(res, frame);
  }

  private send(res: Response, frame: string): void {
    if (res.writableLength > MAX_UNREAD_BYTES) {
      res.destroy(); // it reconnects with Last-Event-ID once it reads again
      return;
    }
    res.write(frame);
  }

  private prune(now: number): void {
    for (const [orgId, buffer] of this.history) {
      while (buffer.items.length > 0 && buffer.items[0].at < now - this.retentionMs)
        buffer.bytes -= buffer.items.shift()!.frame.length;
      if (buffer.items.length === 0) this.history.delete(orgId);
    }
  }

  /**
   * Opens the stream: the backlog after `lastEventId` first, then live events until the client
   * leaves. `principal` (a user or key) may hold a few streams; one more is a 429.
   */
  attach(orgId: number, principal: string, res: Response, lastEventId?: string): void {
    // The client may have left while it was being authenticated.
    if (res.destroyed || res.req.destroyed) return;
    const open = this.streamsByPrincipal.get(principal) ?? 0;
    if (open >= this.maxStreamsPerPrincipal)
      throw new HttpProblem({
        status: 429,
        code: 'TOO_MANY_STREAMS',
        detail: `At most ${this.maxStreamsPerPrincipal} live streams at once; close one first`,
      });
    this.streamsByPrincipal.set(principal, open + 1);
    res.status(200).set({
      'Content-Type': 'text/event-stream',
      'Cache-Control': 'no-cache, no-transform',
      Connection: 'keep-alive',
      'X-Accel-Buffering': 'no',
    });
    res.flushHeaders();
    res.write('retry: 3000\n\n');
    if (lastEventId)
      for (const item of this.history.get(orgId)?.items ?? [])
        if (item.id > lastEventId) res.write(item.frame);
    const set = this.clients.get(orgId) ?? new Set<Response>();
    set.add(res);
    this.clients.set(orgId, set);
    const expiry = setTimeout(() => res.end(), this.maxStreamMs);
    res.on('close', () => {
      clearTimeout(expiry);
      set.delete(res);
      const left = (this.streamsByPrincipal.get(principal) ?? 1) - 1;
      if (left > 0) this.streamsByPrincipal.set(principal, left);
      else this.streamsByPrincipal.delete(principal);
    });
  }

  connectedClients(): number {
    let n = 0;
    for (const set of this.clients.values()) n += set.size;
    return n;
  }

  /** Ends every stream (shutdown), so the HTTP server can close. */
  stop(): void {
    clearInterval(this.heartbeat);
    for (const set of this.clients.values()) for (const res of set) res.end();
    this.clients.clear();
  }

  private broadcastAll(frame: string): void {
    for (const set of this.clients.values()) for (const res of set) this.send(res, frame);
  }
}
