import type { CallerContext, TemplatesDeps } from '../../deps';
import { setTemplateLabel } from './set-template-labels';
import { checkLabel } from './template-labels';
import { viewOf, type TemplateView } from './template-view';

/** Files the template in a folder (Admin; unset or empty: no folder). */
export async function setFolder(
  deps: TemplatesDeps,
  caller: CallerContext,
  id: string,
  folder: string | undefined,
): Promise<TemplateView> {
  const row = await setTemplateLabel(deps, caller, id, 'folder', checkLabel(folder, 'folder'));
  return viewOf(deps, row);
}
