import { CONVERSATION_LIMITS, INBOX_EVENTS } from '@inbox/contracts';
import { invalid, transactThenPublish, type FieldError } from '@inbox/platform';
import { conversationQueriesRepository } from '../../db/repositories/conversation-queries.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { actorOf, requireAdmin, requireOrganization } from '../access';

const { mergeSources: MAX_MERGE_SOURCES, mergeCategory: MAX_CATEGORY_LENGTH } = CONVERSATION_LIMITS;

export interface MergeCategoriesInput {
  sources?: string[];
  target?: string;
}

/** Sources are matched as stored (stray spaces included: those are what a merge cleans up); the target is trimmed. */
function checkMerge(input: MergeCategoriesInput): { sources: string[]; target: string } {
  const errors: FieldError[] = [];
  const sources = input.sources ?? [];
  if (sources.length < 1 || sources.length > MAX_MERGE_SOURCES)
    errors.push({ path: 'sources', message: `From 1 to ${MAX_MERGE_SOURCES} categories` });
  sources.forEach((s, i) => {
    if (typeof s !== 'string' || s.length === 0 || s.length > MAX_CATEGORY_LENGTH)
      errors.push({ path: `sources[${i}]`, message: `A category of 1 to ${MAX_CATEGORY_LENGTH} characters` });
  });
  const target = typeof input.target === 'string' ? input.target.trim() : '';
  if (target.length === 0 || target.length > MAX_CATEGORY_LENGTH)
    errors.push({ path: 'target', message: `A category of 1 to ${MAX_CATEGORY_LENGTH} characters` });
  if (errors.length > 0) throw invalid('VALIDATION_FAILED', 'The merge request is invalid', errors);
  return { sources, target };
}

/** Renames several categories to one in a single transaction, with one categorized event per changed conversation. */
export async function mergeCategories(
  deps: InboxDeps,
  caller: CallerContext,
  input: MergeCategoriesInput,
): Promise<{ updated: number; target: string }> {
  requireOrganization(caller);
  requireAdmin(caller);
  const { sources, target } = checkMerge(input);
  const changing = [...new Set(sources)].filter((s) => s !== target);
  if (changing.length === 0) return { updated: 0, target };
  const updated = await transactThenPublish(deps, async (tx) => {
    const changed = await conversationQueriesRepository.recategorize(
      tx,
      caller.orgId,
      changing,
      target,
      deps.now(),
    );
    for (const c of changed)
      await deps.events.record(tx, caller, INBOX_EVENTS.conversationCategorized, {
        conversationId: c.id,
        waId: c.wa_id,
        category: target,
        previous: c.previous,
        source: 'merge',
        actorId: actorOf(caller),
      });
    return changed.length;
  });
  return { updated, target };
}
