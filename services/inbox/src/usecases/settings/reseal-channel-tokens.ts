import { channelsRepository } from '../../db/repositories/channels.repository';
import type { InboxDeps } from '../../deps';

const PAGE = 200;

type Deps = Pick<InboxDeps, 'db' | 'channels'>;

export interface ResealReport {
  /** Tokens sealed with a previous key, now sealed with INBOX_ENCRYPTION_KEY. */
  resealed: number;
  /** Tokens still sealed with a previous key: changed twice while this ran (the next start seals them). */
  left: number;
  /** Organizations whose token no configured key opens: an Admin must enter it again. */
  unreadable: number[];
  /** The inbox began stopping before every token was read: the next start goes on. */
  stopped: boolean;
}

/**
 * Start-up, while INBOX_ENCRYPTION_KEY is rotated: seals every stored channel token that a previous
 * key sealed again with the current one, so the previous key can be dropped. A token is replaced
 * only if it is still the one read (one an Admin changed meanwhile is read again); one statement
 * each, no transaction, no remote call. `stopping` is asked before each token, so a shutdown never
 * waits for the whole table.
 */
export async function resealChannelTokens(
  deps: Deps,
  stopping: () => boolean = () => false,
): Promise<ResealReport> {
  const report: ResealReport = { resealed: 0, left: 0, unreadable: [], stopped: false };
  let afterOrgId = 0;
  for (;;) {
    const page = await channelsRepository.pageSealedTokens(deps.db, { afterOrgId, limit: PAGE });
    for (const { orgId, sealed } of page) {
      if (stopping()) return { ...report, stopped: true };
      let outcome = await resealOne(deps, orgId, sealed);
      if (outcome === 'changed') {
        const fresh = (await channelsRepository.find(deps.db, orgId))?.accessTokenEncrypted;
        outcome = fresh ? await resealOne(deps, orgId, fresh) : 'current';
      }
      if (outcome === 'resealed') report.resealed++;
      else if (outcome === 'changed') report.left++;
      else if (outcome === 'unreadable') report.unreadable.push(orgId);
    }
    if (page.length < PAGE) return report;
    afterOrgId = page[page.length - 1].orgId;
  }
}

async function resealOne(
  deps: Deps,
  orgId: number,
  sealed: string,
): Promise<'current' | 'resealed' | 'changed' | 'unreadable'> {
  let resealed: string | undefined;
  try {
    resealed = deps.channels.resealToken(sealed);
  } catch {
    return 'unreadable';
  }
  if (resealed === undefined) return 'current';
  return (await channelsRepository.replaceSealedToken(deps.db, orgId, sealed, resealed))
    ? 'resealed'
    : 'changed';
}
