import { Redis } from 'ioredis';
import type { Cache } from './cache';

export interface RedisCacheOptions {
  /**
   * Prepended to every key, separator included (`inbox:prod:`), so several deployments can share
   * one Redis. Applied by this code rather than ioredis' own `keyPrefix` so that the rate limiter
   * sharing the connection can use the same prefix explicitly (and SCAN patterns stay obvious).
   */
  keyPrefix: string;
  /**
   * Connection and command errors; ioredis reconnects by itself, and failed reads and writes degrade
   * to misses, so these are for logging only.
   */
  onError?: (err: unknown) => void;
  /** How long `healthy()` waits for PONG. */
  healthTimeoutMs?: number;
}

/**
 * Whether commands would only wait or fail: the connection is being re-established or is gone.
 * During the first connection commands still queue, so a process that just started uses Redis.
 */
export function redisUnavailable(client: Redis): boolean {
  return client.status === 'reconnecting' || client.status === 'close' || client.status === 'end';
}

/**
 * Sends a connection's trouble to `onError`: its errors (without a listener ioredis prints each
 * reconnection error to the console) and its reconnections — a proxy in front of Redis accepts
 * each connection and drops it when Redis is gone, so no error is emitted then, and the log must
 * still say why the process degrades.
 */
export function reportRedisTrouble(client: Redis, onError: (err: unknown) => void): void {
  client.on('error', onError);
  client.on('reconnecting', () => onError(new Error('Redis connection lost: reconnecting')));
}

/**
 * The distributed mode's cache: JSON values under `<keyPrefix>cache:<key>` with a PX expiry.
 * Redis is a cache, never a reason for an error: while it fails (down, restarting, too slow),
 * reads miss and writes are dropped, so callers go to the source of truth.
 */
export class RedisCache implements Cache {
  readonly kind = 'redis' as const;
  private closing?: Promise<void>;

  /**
   * `client` is public so a RedisRateLimiter can share this connection; the cache owns it and
   * `close()` quits it.
   */
  constructor(
    readonly client: Redis,
    readonly keyPrefix: string,
    private readonly healthTimeoutMs = 500,
    /** Shared with a RedisRateLimiter on the same connection, so both report through one throttle. */
    readonly onError: (err: unknown) => void = () => {},
  ) {}

  static connect(url: string, options: RedisCacheOptions): RedisCache {
    const client = new Redis(url, {
      // The default (20 reconnection attempts) would hold a request for seconds while Redis is
      // down; failing fast lets callers fall back to the source of truth.
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // ioredis arms this timer on disconnect() even when the socket is already gone (Redis down),
      // and it then holds the process open for its full length; keep it short.
      disconnectTimeout: 200,
      // A Redis that accepts the connection but stops answering must not hold requests.
      commandTimeout: 1_000,
      // Commands issued in the same tick share one write and one round trip: the gateway asks for
      // the cached principal and counts the request against its limit together.
      enableAutoPipelining: true,
    });
    const onError = options.onError ?? (() => {});
    reportRedisTrouble(client, onError);
    return new RedisCache(client, options.keyPrefix, options.healthTimeoutMs, onError);
  }

  private key(key: string): string {
    return `${this.keyPrefix}cache:${key}`;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.degrade(() => this.client.get(this.key(key)), null);
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  /** Same rules as MemoryCache: undefined or a ttl ≤ 0 removes the key (Redis rejects PX 0). */
  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    if (!Number.isFinite(ttlMs)) throw new RangeError(`ttlMs must be a finite number, got ${ttlMs}`);
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined || ttlMs <= 0) return this.del(key);
    // PX takes whole milliseconds; rounding up never expires a value early.
    await this.degrade(() => this.client.set(this.key(key), json, 'PX', Math.ceil(ttlMs)), null);
  }

  async del(...keys: string[]): Promise<void> {
    // DEL with no arguments is a Redis error.
    if (keys.length > 0) await this.degrade(() => this.client.del(...keys.map((k) => this.key(k))), 0);
  }

  /** Runs a command unless Redis is known to be down; a failure is reported and answers `otherwise`. */
  private async degrade<R>(command: () => Promise<R>, otherwise: R): Promise<R> {
    if (redisUnavailable(this.client)) return otherwise;
    try {
      return await command();
    } catch (err) {
      this.onError(err);
      return otherwise;
    }
  }

  async healthy(): Promise<boolean> {
    if (this.client.status === 'end') return false;
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<false>((resolve) => {
      timer = setTimeout(resolve, this.healthTimeoutMs, false);
    });
    try {
      // A PING queued behind a reconnect would otherwise leave the readiness probe hanging.
      return await Promise.race([this.client.ping().then((reply) => reply === 'PONG'), timedOut]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  close(): Promise<void> {
    this.closing ??= (async () => {
      if (this.client.status === 'end') return;
      // QUIT waits for replies to commands already sent; while not connected there is nothing
      // to wait for, and QUIT itself would sit in the offline queue.
      if (this.client.status !== 'ready') return this.client.disconnect();
      // QUIT resolves on the server's OK, before the socket has closed; waiting for 'end' means
      // nothing of ours is left open when close() resolves (a clean exit, no jest open handle).
      const ended = new Promise((resolve) => this.client.once('end', resolve));
      try {
        await this.client.quit();
      } catch {
        this.client.disconnect();
      }
      await ended;
    })();
    return this.closing;
  }
}
