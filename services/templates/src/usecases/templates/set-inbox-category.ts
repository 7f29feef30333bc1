import type { CallerContext, TemplatesDeps } from '../../deps';
import { setTemplateLabel } from './set-template-labels';
import { checkLabel } from './template-labels';
import { viewOf, type TemplateView } from './template-view';

/**
 * The category a conversation gets when the customer replies to this template and the
 * conversation has none (Admin; unset or empty: none).
 */
export async function setInboxCategory(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  inboxCategory: string | undefined,
): Promise<TemplateView> {
  const value = checkLabel(inboxCategory, 'inboxCategory');
  const row = await setTemplateLabel(deps, caller, id, 'inboxCategory', value);
  return viewOf(deps, row);
}
