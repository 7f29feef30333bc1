import { invalid } from '@inbox/platform';
import type { TemplateRow } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import type { TemplateComponent } from '../../domain/template-components';
import {
  checkSendParameters,
  renderText,
  sendComponents,
  variablesOf,
  type SendableTemplate,
  type SendParameters,
} from '../../domain/template-parameters';

/** One send of a template: the Cloud API `template.components` (JSON) and the text the customer sees. */
export interface RenderedSend {
  componentsJson: string;
  renderedText: string;
}

const MEDIA_HEADERS = new Set(['IMAGE', 'VIDEO', 'DOCUMENT']);

/** Where WhatsApp fetches a template's own header file (served by GET /templates/{id}/header-media). */
export const headerMediaLink = (publicUrl: string, templateId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/api/v1/templates/${encodeURIComponent(templateId)}/header-media`;

const sendable = (row: TemplateRow): SendableTemplate => ({
  parameterFormat: row.parameterFormat,
  components: row.components as TemplateComponent[],
});

/**
 * The link a media header is sent with when the send gives none: the template's own file. A media
 * header with no file of ours (a template made in WhatsApp Manager) needs the send to give one.
 */
function defaultHeaderLink(
  deps: TemplatesDeps,
  row: TemplateRow,
  params: SendParameters,
): string | undefined {
  if (params.header) return undefined;
  const { format } = variablesOf(sendable(row).components, row.parameterFormat).header;
  if (!format || !MEDIA_HEADERS.has(format)) return undefined;
  if (row.headerMediaId) return headerMediaLink(deps.settings.publicUrl, row.id);
  throw invalid('VALIDATION_FAILED', `This template's header is ${format.toLowerCase()} media`, [
    { path: 'parameters.header', message: `Give the ${format.toLowerCase()} as { "link" } or { "id" }` },
  ]);
}

/**
 * Checks decoded parameters against the template's variables and renders the send (the one rule
 * for SendTemplate and PrepareSends). `invalid` (VALIDATION_FAILED, field errors) when they do not fit.
 */
export function renderSend(deps: TemplatesDeps, row: TemplateRow, params: SendParameters): RenderedSend {
  const template = sendable(row);
  const errors = checkSendParameters(template, params);
  if (errors.length > 0)
    throw invalid('VALIDATION_FAILED', "The parameters do not match the template's variables", errors);
  const link = defaultHeaderLink(deps, row, params);
  return {
    componentsJson: JSON.stringify(sendComponents(template, params, link)),
    renderedText: renderText(template, params),
  };
}
