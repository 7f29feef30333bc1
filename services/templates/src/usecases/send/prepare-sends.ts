import { PREPARE_SENDS_MAX } from '@inbox/contracts';
import { DomainError, forbidden, invalid, type CallerContext } from '@inbox/platform';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import { findTemplate, viewOf, type TemplateView } from '../templates/template-view';
import { chooseTemplate } from './choose-template';
import { renderSend, type RenderedSend } from './render-send';
import { decodeSendParameters, type SendParametersJson } from './send-parameters';

/** Parameter sets one call prepares at most (the campaigns service sends a large list in batches). */

export interface PrepareSendsInput {
  templateId: string;
  language?: string;
  parameters: SendParametersJson[];
}

/** One recipient's send, rendered, or why its parameters do not fit (`error`). */
export type PreparedSend = RenderedSend | { error: string };

/** "parameters.body[0]: A value is required; …": a refusal as one line a list of recipients can show. */
const describe = (error: DomainError): string =>
  error.fields.length > 0 ? error.fields.map((f) => `${f.path}: ${f.message}`).join('; ') : error.message;

/**
 * The template of the caller's organization by id, or its sibling of the same name in `language`;
 * APPROVED only (409 TEMPLATE_NOT_APPROVED), 404 for an unknown id, another organization's or a
 * language the name does not have.
 */
async function templateToSend(deps: TemplatesDeps, caller: CallerContext, input: PrepareSendsInput) {
  const row = await findTemplate(deps.db, caller, input.templateId);
  if (input.language && input.language !== row.language) {
    const siblings = await templatesRepository.liveOfName(deps.db, caller.orgId, row.name);
    return chooseTemplate(siblings, input.language);
  }
  return chooseTemplate([row], row.language);
}

/**
 * PrepareSends (the campaigns service, for its recipients): the template's sends checked and
 * rendered with SendTemplate's rules, so the campaigns service keeps no copy of them. One
 * recipient's bad parameters are that recipient's `error`, never the batch's failure. Reads only.
 */
export async function prepareSends(
  deps: TemplatesDeps,
  caller: CallerContext,
  input: PrepareSendsInput,
): Promise<{ template: TemplateView; sends: PreparedSend[] }> {
  if (caller.kind !== 'SERVICE' || caller.orgId <= 0)
    throw forbidden('Only a service acting for an organization may prepare sends');
  if (input.parameters.length > PREPARE_SENDS_MAX)
    throw invalid('VALIDATION_FAILED', `At most ${PREPARE_SENDS_MAX} parameter sets per call`, [
      { path: 'parameters', message: `Got ${input.parameters.length}; at most ${PREPARE_SENDS_MAX}` },
    ]);
  const row = await templateToSend(deps, caller, input);
  const sends = input.parameters.map((json): PreparedSend => {
    try {
      return renderSend(deps, row, decodeSendParameters(json));
    } catch (error) {
      if (error instanceof DomainError && error.kind === 'invalid') return { error: describe(error) };
      throw error;
    }
  });
  return { template: await viewOf(deps, row), sends };
}
