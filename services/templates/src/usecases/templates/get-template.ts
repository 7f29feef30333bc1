import { requireOrganization } from '@inbox/platform';
import {
  templateLedgerRepository,
  type StatusHistoryRow,
} from '../../db/repositories/template-ledger.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { findTemplate, viewOf, type TemplateView } from './template-view';

/** One template of the caller's organization, with its status history (newest first). */
export async function getTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
): Promise<TemplateView & { history: StatusHistoryRow[] }> {
  requireOrganization(caller);
  const row = await findTemplate(deps.db, caller, id);
  const history = await templateLedgerRepository.history(deps.db, caller.orgId, row.id);
  return { ...(await viewOf(deps, row)), history };
}
