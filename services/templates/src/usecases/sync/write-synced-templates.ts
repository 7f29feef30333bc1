import { isDataException, isUniqueViolation, newId, transactThenPublish, type Db } from '@inbox/platform';
import { syncRepository } from '../../db/repositories/sync.repository';
import {
  templatesRepository,
  type TemplatePatch,
  type TemplateRow,
} from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import { headerMediaIdAfterChange, headerMediaIdFor } from '../media/link-header-media';
import {
  recordFound,
  recordProviderStatus,
  recordProviderUpdate,
  type ProviderActor,
} from './provider-changes';
import type { GoneTemplates } from './confirm-gone';
import type { ProviderListing } from './read-provider-templates';
import { planSync, syncedRow, type RemoteTemplate } from './sync-plan';

/** The history event of a template a sync found gone from WhatsApp (not removed by a user). */
export const GONE_FROM_WHATSAPP = 'GONE_FROM_WHATSAPP';
/** The history event of a template gone from WhatsApp that a listing shows again. */
export const BACK_IN_WHATSAPP = 'BACK_IN_WHATSAPP';

/** Rows per transaction: short transactions (the embedded mode shares one connection) of one round of locks. */
const CHUNK = 50;

export interface SyncCounts {
  created: number;
  updated: number;
  removed: number;
  unchanged: number;
  /** Listed templates the database refused to store (logged); the others were written. */
  skipped: number;
}

type Outcome = 'created' | 'updated' | 'removed' | 'unchanged' | 'skipped';

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

/** A template gone from WhatsApp comes back, unless a live one took its name here meanwhile (savepoint). */
async function revive(
  deps: TemplatesDeps,
  tx: Db,
  stored: TemplateRow,
  patch: TemplatePatch,
): Promise<TemplateRow | null> {
  try {
    return await tx.transaction((sp) => templatesRepository.update(sp, stored.orgId, stored.id, patch));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    deps.logger.warn(
      { templateId: stored.id, name: stored.name, language: stored.language },
      'a template back in WhatsApp has its name taken here; left removed',
    );
    return null;
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
  const returning = stored.status === 'REMOVED';
  const values = { ...patch, updatedAt: deps.now() };
  const after = returning
    ? await revive(deps, tx, stored, values)
    : await templatesRepository.update(tx, stored.orgId, stored.id, values);
  if (!after) return 'unchanged';
  const event = returning ? BACK_IN_WHATSAPP : after.status === 'REMOVED' ? GONE_FROM_WHATSAPP : 'SYNCED';
  await recordProviderStatus(deps, tx, actor, { before: stored, after, event, reason: null });
  await recordProviderUpdate(deps, tx, actor, after, changes);
  return after.status === 'REMOVED' ? 'removed' : 'updated';
}

/**
 * `apply` in a savepoint: a template the database refuses (a value it cannot store, a data
 * exception) is logged and skipped, and the other templates of the transaction are still written.
 */
async function applyOrSkip(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  remote: RemoteTemplate,
  write: (sp: Db) => Promise<Outcome>,
): Promise<Outcome> {
  try {
    return await tx.transaction(write);
  } catch (error) {
    if (!isDataException(error)) throw error;
    deps.logger.warn(
      {
        err: error,
        orgId: actor.origin.orgId,
        providerTemplateId: remote.providerTemplateId,
        language: remote.language,
      },
      'the database refused a template WhatsApp listed; the sync skipped it',
    );
    return 'skipped';
  }
}

/** Still gone on its locked row: live, never a draft, not listed, neither created nor changed since. */
const stillGone = (row: TemplateRow, listing: ProviderListing, before: Date) =>
  row.status !== 'DRAFT' &&
  row.status !== 'REMOVED' &&
  row.providerTemplateId !== null &&
  !listing.ids.has(row.providerTemplateId) &&
  row.updatedAt.getTime() < before.getTime() &&
  row.createdAt.getTime() < before.getTime();

/**
 * Templates WhatsApp confirmed gone become REMOVED, marked as gone from WhatsApp (a later listing
 * or webhook that shows one again brings it back), re-checked on the locked row.
 */
async function removeGone(
  deps: TemplatesDeps,
  actor: ProviderActor,
  listing: ProviderListing,
  gone: GoneTemplates,
): Promise<number> {
  const orgId = actor.origin.orgId;
  let removed = 0;
  for (const ids of chunks(gone.ids)) {
    removed += await transactThenPublish(deps, async (tx) => {
      let count = 0;
      for (const before of await syncRepository.lockByIds(tx, orgId, ids)) {
        if (!stillGone(before, listing, gone.before)) continue;
        const now = deps.now();
        const after = await templatesRepository.update(tx, orgId, before.id, {
          status: 'REMOVED',
          goneFromWhatsAppAt: now,
          updatedAt: now,
        });
        await recordProviderStatus(deps, tx, actor, {
          before,
          after,
          event: GONE_FROM_WHATSAPP,
          reason: null,
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
 * their templates: first the templates confirmed gone from WhatsApp (so a name WhatsApp reused is
 * free), then the new, changed and returning ones.
 */
export async function writeSyncedTemplates(
  deps: TemplatesDeps,
  actor: ProviderActor,
  listing: ProviderListing,
  written: { readStartedAt: Date; gone: GoneTemplates },
): Promise<SyncCounts> {
  const { readStartedAt } = written;
  const counts: SyncCounts = { created: 0, updated: 0, removed: 0, unchanged: 0, skipped: 0 };
  counts.removed = await removeGone(deps, actor, listing, written.gone);
  const orgId = actor.origin.orgId;
  let listed = { created: 0, updated: 0, removed: 0, skipped: 0 };
  for (const batch of chunks(listing.changed)) {
    const outcomes = await transactThenPublish(deps, async (tx) => {
      const ids = batch.map((r) => r.providerTemplateId);
      const locked = new Map(
        (await syncRepository.lockByProviderIds(tx, orgId, ids)).map((row) => [row.providerTemplateId, row]),
      );
      const done: Outcome[] = [];
      for (const remote of batch)
        done.push(
          await applyOrSkip(deps, tx, actor, remote, async (sp) =>
            apply(deps, sp, actor, await storedFor(sp, orgId, locked, remote), remote, readStartedAt),
          ),
        );
      return done;
    });
    for (const outcome of outcomes)
      if (outcome !== 'unchanged') listed = { ...listed, [outcome]: listed[outcome] + 1 };
  }
  counts.created = listed.created;
  counts.updated = listed.updated;
  counts.removed += listed.removed;
  counts.skipped = listed.skipped;
  counts.unchanged = listing.ids.size - listed.created - listed.updated - listed.removed - listed.skipped;
  return counts;
}
