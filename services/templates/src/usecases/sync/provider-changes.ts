import { TEMPLATES_EVENTS } from '@inbox/contracts';
import type { Db, EventOrigin } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import type { TemplateRow } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';

/**
 * Who changed a template when WhatsApp did: a sync (started by `actorId`, or by the periodic job
 * with none) or an account-level webhook. Events go out for the organization the change is in.
 */
export interface ProviderActor {
  origin: EventOrigin;
  by: 'sync' | 'whatsapp';
  actorId: string | null;
}

const refOf = (row: TemplateRow) => ({
  templateId: row.id,
  name: row.name,
  language: row.language,
  providerTemplateId: row.providerTemplateId,
});

/** A template WhatsApp had and this service did not: its first history row and `template.created`. */
export async function recordFound(deps: TemplatesDeps, tx: Db, actor: ProviderActor, row: TemplateRow) {
  await templateLedgerRepository.addStatusChange(tx, {
    orgId: row.orgId,
    templateId: row.id,
    from: null,
    to: row.status,
    event: 'SYNCED',
    reason: null,
    by: actor.by,
    actorId: actor.actorId,
    at: row.createdAt,
  });
  await deps.events.record(tx, actor.origin, TEMPLATES_EVENTS.templateCreated, {
    ...refOf(row),
    category: row.category,
    status: row.status,
    source: 'sync',
    actorId: actor.actorId,
  });
}

/** A status WhatsApp reported (nothing when it stayed): a history row and `template.status_changed`. */
export async function recordProviderStatus(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  change: { before: TemplateRow; after: TemplateRow; event: string; reason: string | null; eventAt?: Date },
): Promise<void> {
  const { before, after, event, reason } = change;
  if (before.status === after.status) return;
  await templateLedgerRepository.addStatusChange(tx, {
    orgId: after.orgId,
    templateId: after.id,
    from: before.status,
    to: after.status,
    event,
    reason,
    by: actor.by,
    actorId: actor.actorId,
    at: after.updatedAt,
    providerEventAt: change.eventAt ?? null,
  });
  await deps.events.record(tx, actor.origin, TEMPLATES_EVENTS.templateStatusChanged, {
    ...refOf(after),
    from: before.status,
    to: after.status,
    event,
    reason,
    category: after.category,
    actorId: actor.actorId,
  });
  if (after.status === 'REMOVED')
    await deps.events.record(tx, actor.origin, TEMPLATES_EVENTS.templateRemoved, {
      ...refOf(after),
      inProvider: true,
      actorId: actor.actorId,
    });
}

/** Content or ratings WhatsApp changed (nothing when `changes` is empty): `template.updated`. */
export async function recordProviderUpdate(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  after: TemplateRow,
  changes: readonly string[],
): Promise<void> {
  if (changes.length === 0) return;
  await deps.events.record(tx, actor.origin, TEMPLATES_EVENTS.templateUpdated, {
    ...refOf(after),
    changes: [...changes],
    category: after.category,
    inboxCategory: after.inboxCategory,
    actorId: actor.actorId,
  });
}
