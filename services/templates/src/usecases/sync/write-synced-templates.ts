import { isUniqueViolation, newId, transactThenPublish, type Db } from '@inbox/platform';
import { syncRepository } from '../../db/repositories/sync.repository';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import { headerMediaIdAfterChange, headerMediaIdFor } from '../media/link-header-media';
import {
  recordFound,
  recordProviderStatus,
  recordProviderUpdate,
  type ProviderActor,
} from './provider-changes';
import type { ProviderListing } from './read-provider-templates';
import { planSync, syncedRow, type RemoteTemplate } from './sync-plan';

/** Rows per transaction: short transactions (the embedded mode shares one connection) of one round of locks. */
const CHUNK = 50;

export interface SyncCounts {
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
}

type Outcome = 'created' | 'updated' | 'removed' | 'unchanged';

const chunks = <T>(items: readonly T[]): T[][] =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

/** The stored template WhatsApp's one is: the row with its id, else a live row of its name never linked. */
async function storedFor(
  tx: Db,
  orgId: number,
  locked: Map<string | null, TemplateRow>,
  remote: RemoteTemplate,
): Promise<TemplateRow | undefined> {
  return (
    locked.get(remote.providerTemplateId) ??
    (await syncRepository.lockUnlinked(tx, orgId, remote.name, remote.language))[0]
  );
}

async function create(deps: TemplatesDeps, tx: Db, actor: ProviderActor, remote: RemoteTemplate) {
  const orgId = actor.origin.orgId;
  const values = syncedRow(remote);
  const now = deps.now();
  const headerMediaId = await headerMediaIdFor(tx, orgId, values.components);
  try {
    // A savepoint: a live template of the same name and language (a local draft) refuses the
    // insert without aborting the other templates of the transaction.
    const row = await tx.transaction((sp) =>
      templatesRepository.insert(sp, {
        id: newId(),
        orgId,
        ...values,
        headerMediaId,
        createdAt: now,
        updatedAt: now,
      }),
    );
    await recordFound(deps, tx, actor, row);
    return 'created' as const;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    deps.logger.warn(
      { orgId, name: remote.name, language: remote.language, providerTemplateId: remote.providerTemplateId },
      'a local template holds the name and language of a WhatsApp template; the sync left both alone',
    );
    return 'unchanged' as const;
  }
}

/** One template of the listing, re-checked on its locked row and written. */
async function apply(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  stored: TemplateRow | undefined,
  remote: RemoteTemplate,
  readStartedAt: Date,
): Promise<Outcome> {
  const decision = planSync(stored, remote, readStartedAt);
  if (decision.kind === 'create') return create(deps, tx, actor, remote);
  if (decision.kind === 'unchanged' || !stored) return 'unchanged';
  const { patch, changes } = decision;
  if (patch.components)
    patch.headerMediaId = await headerMediaIdAfterChange(tx, stored.orgId, {
      before: stored.components,
      after: patch.components,
      current: stored.headerMediaId,
    });
  const after = await templatesRepository.update(tx, stored.orgId, stored.id, {
    ...patch,
    updatedAt: deps.now(),
  });
  await recordProviderStatus(deps, tx, actor, { before: stored, after, event: 'SYNCED', reason: null });
  await recordProviderUpdate(deps, tx, actor, after, changes);
  return after.status === 'REMOVED' ? 'removed' : 'updated';
}

/**
 * Templates that WhatsApp no longer lists become REMOVED (never local drafts, never twice, never
 * one changed after the listing started: it may be newer than the listing). Runs only once every
 * page was read.
 */
async function removeGone(
  deps: TemplatesDeps,
  actor: ProviderActor,
  listing: ProviderListing,
  readStartedAt: Date,
): Promise<number> {
  const orgId = actor.origin.orgId;
  const candidates = await syncRepository.goneCandidates(deps.db, orgId, readStartedAt);
  const gone = candidates.filter((c) => !listing.ids.has(c.providerTemplateId)).map((c) => c.id);
  let removed = 0;
  for (const ids of chunks(gone)) {
    removed += await transactThenPublish(deps, async (tx) => {
      let count = 0;
      for (const before of await syncRepository.lockByIds(tx, orgId, ids)) {
        const stillGone =
          before.status !== 'DRAFT' &&
          before.status !== 'REMOVED' &&
          before.providerTemplateId !== null &&
          !listing.ids.has(before.providerTemplateId) &&
          before.updatedAt.getTime() < readStartedAt.getTime();
        if (!stillGone) continue;
        const after = await templatesRepository.update(tx, orgId, before.id, {
          status: 'REMOVED',
          updatedAt: deps.now(),
        });
        await recordProviderStatus(deps, tx, actor, {
          before,
          after,
          event: 'REMOVED',
          reason: 'GONE_FROM_WHATSAPP',
        });
        count++;
      }
      return count;
    });
  }
  return removed;
}

/**
 * Writes what a complete listing found, in short transactions that each lock, re-check and write
 * their templates: first the templates gone from WhatsApp (so a name WhatsApp reused is free), then
 * the new and changed ones.
 */
export async function writeSyncedTemplates(
  deps: TemplatesDeps,
  actor: ProviderActor,
  listing: ProviderListing,
  readStartedAt: Date,
): Promise<SyncCounts> {
  const counts: SyncCounts = { created: 0, updated: 0, removed: 0, unchanged: 0 };
  counts.removed = await removeGone(deps, actor, listing, readStartedAt);
  const orgId = actor.origin.orgId;
  let listed = { created: 0, updated: 0, removed: 0 };
  for (const batch of chunks(listing.changed)) {
    const outcomes = await transactThenPublish(deps, async (tx) => {
      const ids = batch.map((r) => r.providerTemplateId);
      const locked = new Map(
        (await syncRepository.lockByProviderIds(tx, orgId, ids)).map((row) => [row.providerTemplateId, row]),
      );
      const done: Outcome[] = [];
      for (const remote of batch)
        done.push(
          await apply(deps, tx, actor, await storedFor(tx, orgId, locked, remote), remote, readStartedAt),
        );
      return done;
    });
    for (const outcome of outcomes)
      if (outcome !== 'unchanged') listed = { ...listed, [outcome]: listed[outcome] + 1 };
  }
  counts.created = listed.created;
  counts.updated = listed.updated;
  counts.removed += listed.removed;
  counts.unchanged = listing.ids.size - listed.created - listed.updated - listed.removed;
  return counts;
}
