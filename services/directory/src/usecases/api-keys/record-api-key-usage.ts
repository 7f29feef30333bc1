import { isId } from '@inbox/platform';
import { apiKeysRepository, type ApiKeyUsageRow } from '../../db/repositories/api-keys.repository';
import type { DirectoryDeps } from '../../deps';

export interface ApiKeyUsageInput {
  keyId: string;
  lastUsedAt: string;
}

/**
 * The gateway flushes usage in batches (about every 30 s), so there is no write per request.
 * One entry per key (its latest use); a time past `now` is clamped so a skewed clock cannot pin
 * a key's last use in the future; malformed entries are skipped so one cannot lose the batch.
 */
export function latestUsages(usages: ApiKeyUsageInput[], now: Date): ApiKeyUsageRow[] {
  const latest = new Map<string, number>();
  for (const { keyId, lastUsedAt } of usages) {
    const at = Date.parse(lastUsedAt);
    if (!isId(keyId) || Number.isNaN(at)) continue;
    const clamped = Math.min(at, now.getTime());
    latest.set(keyId, Math.max(latest.get(keyId) ?? clamped, clamped));
  }
  return [...latest].map(([keyId, at]) => ({ keyId, lastUsedAt: new Date(at) }));
}

/** No events: last use is bookkeeping, not something other services act on. */
export async function recordApiKeyUsage(deps: DirectoryDeps, usages: ApiKeyUsageInput[]): Promise<void> {
  await apiKeysRepository.recordUsage(deps.db, latestUsages(usages, deps.now()));
}
