import type { Logger } from '@inbox/platform';

/**
 * Remembers when each API key was last used and reports it in batches, so `lastUsedAt` stays
 * fresh to the minute without a database write per request.
 */
export class ApiKeyUsageRecorder {
  private pending = new Map<string, string>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly send: (usages: Array<{ keyId: string; lastUsedAt: string }>) => Promise<void>,
    private readonly logger: Logger,
    private readonly intervalMs = 30_000,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.flush(), this.intervalMs);
    this.timer.unref();
  }

  used(keyId: string, at = new Date()): void {
    this.pending.set(keyId, at.toISOString());
  }

  async flush(): Promise<void> {
    if (this.pending.size === 0) return;
    const batch = [...this.pending].map(([keyId, lastUsedAt]) => ({ keyId, lastUsedAt }));
    this.pending = new Map();
    try {
      await this.send(batch);
    } catch (err) {
      // Keep the newest timestamps for the next attempt rather than losing them.
      for (const u of batch) if (!this.pending.has(u.keyId)) this.pending.set(u.keyId, u.lastUsedAt);
      this.logger.warn({ err }, 'could not record API key usage; will retry');
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
