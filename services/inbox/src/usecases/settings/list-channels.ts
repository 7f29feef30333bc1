import { PAGE_SIZE } from '@inbox/contracts';
import { decodeCursor, encodeCursor, forbidden, invalid } from '@inbox/platform';
import { channelsRepository } from '../../db/repositories/channels.repository';
import type { CallerContext, InboxDeps } from '../../deps';

/** Who has a channel, never how to use it: no token, no phone number id. */
export interface ChannelSummary {
  orgId: number;
  wabaId: string;
}

function afterOrgId(cursor: string): number {
  const [orgId] = decodeCursor(cursor, 1);
  if (orgId !== null && /^\d{1,10}$/.test(orgId)) return Number(orgId);
  throw invalid('VALIDATION_FAILED', 'The cursor is not one this API returned', [
    { path: 'cursor', message: 'Use nextCursor from a previous page' },
  ]);
}

/**
 * Every configured channel (an access token is set), by organization id, for a service's work
 * across organizations (the templates' periodic sync). Services only. A service acting for one
 * organization sees that organization's channel alone, as with GetChannelAccess.
 */
export async function listChannels(
  deps: InboxDeps,
  caller: CallerContext,
  query: { cursor?: string; limit?: number },
): Promise<{ data: ChannelSummary[]; nextCursor: string | null }> {
  if (caller.kind !== 'SERVICE') throw forbidden('Only services may list channels');
  const limit = query.limit || PAGE_SIZE.default;
  if (!Number.isInteger(limit) || limit < 1 || limit > PAGE_SIZE.max)
    throw invalid('VALIDATION_FAILED', 'limit is out of range', [
      { path: 'limit', message: `Between 1 and ${PAGE_SIZE.max}` },
    ]);
  const rows = await channelsRepository.pageConfigured(deps.db, {
    afterOrgId: query.cursor ? afterOrgId(query.cursor) : 0,
    onlyOrgId: caller.orgId > 0 ? caller.orgId : undefined,
    limit: limit + 1,
  });
  const data = rows.slice(0, limit);
  return {
    data,
    nextCursor: rows.length > limit ? encodeCursor([data[data.length - 1].orgId]) : null,
  };
}
