import { isId, notFound, type Db } from '@inbox/platform';
import {
  templateLedgerRepository,
  type StatusHistoryRow,
} from '../../db/repositories/template-ledger.repository';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { nextEditAllowedAt } from '../../domain/edit-budget';

/** A template as use cases answer it: the row, when it may be edited again, and (GetTemplate) its history. */
export interface TemplateView {
  row: TemplateRow;
  nextEditAllowedAt: Date | null;
  history?: StatusHistoryRow[];
}

const DAY = 86_400_000;
/** The edit budget looks back 30 days. */
export const budgetWindowStart = (now: Date) => new Date(now.getTime() - 30 * DAY);

/** The caller's template, or 404 (another organization's id and a malformed id alike). */
export async function findTemplate(db: Db, caller: CallerContext, id: string): Promise<TemplateRow> {
  const row = isId(id) ? await templatesRepository.find(db, caller.orgId, id) : undefined;
  if (!row) throw notFound('Template');
  return row;
}

/** The same, locked until the transaction ends. */
export async function lockTemplate(tx: Db, caller: CallerContext, id: string): Promise<TemplateRow> {
  const row = isId(id) ? await templatesRepository.lock(tx, caller.orgId, id) : undefined;
  if (!row) throw notFound('Template');
  return row;
}

/**
 * When an APPROVED template may next be edited (null: now, or not an APPROVED template), and
 * whether the last 24 hours already had an edit (which of WhatsApp's two limits applies).
 */
export async function editBudgetOf(
  deps: TemplatesDeps,
  row: TemplateRow,
): Promise<{ next: Date | null; spentToday: boolean }> {
  if (row.status !== 'APPROVED') return { next: null, spentToday: false };
  const now = deps.now();
  const edits = await templateLedgerRepository.approvedEditsSince(deps.db, row.id, budgetWindowStart(now));
  return {
    next: nextEditAllowedAt(row.status, edits, now),
    spentToday: edits.some((at) => now.getTime() - at.getTime() < DAY),
  };
}

export async function viewOf(deps: TemplatesDeps, row: TemplateRow): Promise<TemplateView> {
  return { row, nextEditAllowedAt: (await editBudgetOf(deps, row)).next };
}

/** Views of a page of rows: one query for the edit ledger of all its APPROVED templates. */
export async function viewsOf(deps: TemplatesDeps, rows: TemplateRow[]): Promise<TemplateView[]> {
  const now = deps.now();
  const approved = rows.filter((r) => r.status === 'APPROVED').map((r) => r.id);
  const edits = await templateLedgerRepository.approvedEditsSinceFor(
    deps.db,
    approved,
    budgetWindowStart(now),
  );
  return rows.map((row) => ({
    row,
    nextEditAllowedAt:
      row.status === 'APPROVED' ? nextEditAllowedAt(row.status, edits.get(row.id) ?? [], now) : null,
  }));
}
