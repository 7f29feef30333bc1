import { isDeepStrictEqual } from 'node:util';
import { TEMPLATES_EVENTS } from '@inbox/contracts';
import { actorOf, type Db } from '@inbox/platform';
import { templateLedgerRepository, type ChangedBy } from '../../db/repositories/template-ledger.repository';
import type { TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';

/** Who a caller is in a template's history. */
export const changedBy = (caller: CallerContext): ChangedBy =>
  caller.kind === 'API_KEY' ? 'api_key' : 'user';

const refOf = (row: TemplateRow) => ({
  templateId: row.id,
  name: row.name,
  language: row.language,
  providerTemplateId: row.providerTemplateId,
});

/** A new template: its first history row (from nothing) and `template.created`. */
export async function recordCreated(
  deps: TemplatesDeps,
  tx: Db,
  caller: CallerContext,
  row: TemplateRow,
  event: string,
): Promise<void> {
  const actorId = actorOf(caller);
  await templateLedgerRepository.addStatusChange(tx, {
    orgId: row.orgId,
    templateId: row.id,
    from: null,
    to: row.status,
    event,
    reason: null,
    by: changedBy(caller),
    actorId,
    at: row.createdAt,
    providerEventAt: row.providerEventAt,
  });
  await deps.events.record(tx, caller, TEMPLATES_EVENTS.templateCreated, {
    ...refOf(row),
    category: row.category,
    status: row.status,
    source: changedBy(caller),
    actorId,
  });
}

/** A status change (nothing when the status stayed): a history row and `template.status_changed`. */
export async function recordStatusChange(
  deps: TemplatesDeps,
  tx: Db,
  caller: CallerContext,
  change: { before: TemplateRow; after: TemplateRow; event: string; reason?: string | null },
): Promise<void> {
  const { before, after, event } = change;
  if (before.status === after.status) return;
  // The moment WhatsApp was asked, when this change was one (submit, edit).
  const providerEventAt =
    after.providerEventAt?.getTime() !== before.providerEventAt?.getTime() ? after.providerEventAt : null;
  const actorId = actorOf(caller);
  const reason = change.reason ?? null;
  await templateLedgerRepository.addStatusChange(tx, {
    orgId: after.orgId,
    templateId: after.id,
    from: before.status,
    to: after.status,
    event,
    reason,
    by: changedBy(caller),
    actorId,
    at: after.updatedAt,
    providerEventAt,
  });
  await deps.events.record(tx, caller, TEMPLATES_EVENTS.templateStatusChanged, {
    ...refOf(after),
    from: before.status,
    to: after.status,
    event,
    reason,
    category: after.category,
    actorId,
  });
}

/** Which of these fields differ between two versions of a row (jsonb reorders keys: compared deeply). */
export function changedFields(
  before: TemplateRow,
  after: TemplateRow,
  fields: readonly (keyof TemplateRow)[],
): string[] {
  const snake = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return fields.filter((f) => !isDeepStrictEqual(before[f], after[f])).map((f) => snake(String(f)));
}

/** Content or metadata changed (nothing when `changes` is empty): `template.updated`. */
export async function recordUpdated(
  deps: TemplatesDeps,
  tx: Db,
  caller: CallerContext,
  after: TemplateRow,
  changes: string[],
): Promise<void> {
  if (changes.length === 0) return;
  await deps.events.record(tx, caller, TEMPLATES_EVENTS.templateUpdated, {
    ...refOf(after),
    changes,
    category: after.category,
    inboxCategory: after.inboxCategory,
    actorId: actorOf(caller),
  });
}

/** The template is REMOVED here (and, with `inProvider`, deleted in WhatsApp too). */
export async function recordRemoved(
  deps: TemplatesDeps,
  tx: Db,
  caller: CallerContext,
  change: {
    before: TemplateRow;
    after: TemplateRow;
    event: string;
    reason?: string | null;
    inProvider: boolean;
  },
): Promise<void> {
  await recordStatusChange(deps, tx, caller, change);
  await deps.events.record(tx, caller, TEMPLATES_EVENTS.templateRemoved, {
    ...refOf(change.after),
    inProvider: change.inProvider,
    actorId: actorOf(caller),
  });
}
