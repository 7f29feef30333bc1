import { actorOf, conflict, DomainError, newId, requireOrganization } from '@inbox/platform';
import { leaseRepository, syncOrganizationsRepository } from '../../db/repositories/sync.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import type { ChannelAccess } from '../../inbox-client';
import { callWhatsApp } from '../templates/provider-errors';
import { channelOf } from '../templates/template-channel';
import { confirmGone } from './confirm-gone';
import type { ProviderActor } from './provider-changes';
import { readProviderTemplates } from './read-provider-templates';
import { writeSyncedTemplates, type SyncCounts } from './write-synced-templates';

export type { SyncCounts };

/**
 * How long one organization's sync holds its lease; renewed after every page, so only a sync whose
 * process died lets it lapse (and the next sync may start then).
 */
export const SYNC_LEASE_MS = 5 * 60 * 1000;

export const orgSyncLease = (orgId: number) => `sync:org:${orgId}`;

export interface SyncOptions {
  /** Templates per page asked of WhatsApp (tests use small pages). */
  pageSize?: number;
}

/**
 * Brings one organization's templates in line with WhatsApp's listing: reads every page first
 * (no transaction open), asks WhatsApp about each stored template the listing lacks, then writes
 * in short transactions. One sync per organization at a time
 * (409 SYNC_IN_PROGRESS otherwise, for manual and periodic syncs alike). A failure while reading
 * changes nothing.
 */
export async function syncOrganization(
  deps: TemplatesDeps,
  actor: ProviderActor,
  channel: ChannelAccess,
  options: SyncOptions = {},
): Promise<SyncCounts> {
  const orgId = actor.origin.orgId;
  const lease = orgSyncLease(orgId);
  const holder = newId();
  const renew = () => {
    const now = deps.now();
    return leaseRepository.acquire(deps.db, lease, holder, now, new Date(now.getTime() + SYNC_LEASE_MS));
  };
  if (!(await renew()))
    throw conflict(
      'SYNC_IN_PROGRESS',
      'A sync of these templates is already running; try again when it ends',
    );
  try {
    const readStartedAt = deps.now();
    await syncOrganizationsRepository.started(deps.db, orgId, readStartedAt);
    const whatsapp = deps.whatsappFor(channel);
    const listing = await callWhatsApp(() =>
      readProviderTemplates(deps, orgId, whatsapp, channel.wabaId, {
        pageSize: options.pageSize,
        readStartedAt,
        onPage: async () => void (await renew()),
      }),
    );
    const gone = await callWhatsApp(() => confirmGone(deps, orgId, whatsapp, listing, readStartedAt));
    const counts = await writeSyncedTemplates(deps, actor, listing, { readStartedAt, gone });
    await syncOrganizationsRepository.finished(deps.db, orgId, deps.now(), null);
    return counts;
  } catch (error) {
    const code = error instanceof DomainError ? error.code : 'INTERNAL';
    await syncOrganizationsRepository.finished(deps.db, orgId, deps.now(), code).catch(() => undefined);
    throw error;
  } finally {
    await leaseRepository.release(deps.db, lease, holder).catch(() => undefined);
  }
}

/** `POST /templates/sync`: the caller's organization, with its channel asked of the inbox first. */
export async function syncTemplates(
  deps: TemplatesDeps,
  caller: CallerContext,
  options: SyncOptions = {},
): Promise<SyncCounts> {
  requireOrganization(caller);
  const channel = await channelOf(deps, caller);
  const actor: ProviderActor = {
    origin: { orgId: caller.orgId, requestId: caller.requestId },
    by: 'sync',
    actorId: actorOf(caller),
  };
  return syncOrganization(deps, actor, channel, options);
}
