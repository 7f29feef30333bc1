import { Redis } from 'ioredis';
import type { Cache } from './cache';

export interface RedisCacheOptions {
  /**
   * Prepended to every key, separator included (`inbox:prod:`), so several deployments can share
   * one Redis. Applied by this code rather than ioredis' own `keyPrefix` so that the rate limiter
   * sharing the connection can use the same prefix explicitly (and SCAN patterns stay obvious).
   */
  keyPrefix: string;
  /** Connection errors; ioredis reconnects by itself, so these are for logging only. */
  onError?: (err: Error) => void;
  /** How long `healthy()` waits for PONG. */
  healthTimeoutMs?: number;
}

/** The distributed mode's cache: JSON values under `<keyPrefix>cache:<key>` with a PX expiry. */
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
    });
    // Without a listener ioredis prints every reconnection error to the console.
    client.on('error', (err: Error) => options.onError?.(err));
    return new RedisCache(client, options.keyPrefix, options.healthTimeoutMs);
  }

  private key(key: string): string {
    return `${this.keyPrefix}cache:${key}`;
  }

  async get<T>(key: string): Promise<T | undefined> {
    const raw = await this.client.get(this.key(key));
    return raw === null ? undefined : (JSON.parse(raw) as T);
  }

  /** Same rules as MemoryCache: undefined or a ttl ≤ 0 removes the key (Redis rejects PX 0). */
  async set<T>(key: string, value: T, ttlMs: number): Promise<void> {
    if (!Number.isFinite(ttlMs)) throw new RangeError(`ttlMs must be a finite number, got ${ttlMs}`);
    const json = JSON.stringify(value) as string | undefined;
    if (json === undefined || ttlMs <= 0) return this.del(key);
    // PX takes whole milliseconds; rounding up never expires a value early.
    await this.client.set(this.key(key), json, 'PX', Math.ceil(ttlMs));
  }

  async del(...keys: string[]): Promise<void> {
    // DEL with no arguments is a Redis error.
    if (keys.length > 0) await this.client.del(...keys.map((k) => this.key(k)));
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
