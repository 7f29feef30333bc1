import { invalid, requireOrganization, type CallerContext } from '@inbox/platform';
import { templatesRepository, type TemplateRow } from '../../db/repositories/templates.repository';
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
import type { TemplateMessageSent } from '../../inbox-client';
import { chooseTemplate } from './choose-template';
import { decodeSendParameters, type SendParametersJson } from './send-parameters';

export interface SendTemplateInput {
  name: string;
  language?: string;
  conversationId?: string;
  phone?: string;
  parameters?: SendParametersJson | null;
  idempotencyKey?: string;
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
 * POST /templates/{name}/send and /send-to-phone: resolves the template (APPROVED only), checks
 * the parameters against its variables, renders what the customer sees and the Cloud API
 * components, then asks the inbox (which owns conversations and messages) to store and send it,
 * with the caller's own rights. Reads only: no transaction is open while the inbox is called.
 */
export async function sendTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  input: SendTemplateInput,
): Promise<TemplateMessageSent> {
  requireOrganization(caller);
  const conversationId = input.conversationId || undefined;
  const phone = input.phone || undefined;
  if ((conversationId === undefined) === (phone === undefined))
    throw invalid('VALIDATION_FAILED', 'Give either a conversation id or a phone number', [
      {
        path: conversationId ? 'phone' : 'conversationId',
        message: 'Give exactly one of conversationId, phone',
      },
    ]);
  const params = decodeSendParameters(input.parameters);
  const candidates = await templatesRepository.liveOfName(deps.db, caller.orgId, input.name);
  const row = chooseTemplate(candidates, input.language || undefined);
  const template = sendable(row);
  const errors = checkSendParameters(template, params);
  if (errors.length > 0)
    throw invalid('VALIDATION_FAILED', "The parameters do not match the template's variables", errors);
  const link = defaultHeaderLink(deps, row, params);
  return deps.inbox.sendTemplateMessage(caller, {
    ...(conversationId ? { conversationId } : { phone }),
    template: {
      id: row.id,
      name: row.name,
      language: row.language,
      category: row.category,
      ...(row.inboxCategory ? { inboxCategory: row.inboxCategory } : {}),
    },
    componentsJson: JSON.stringify(sendComponents(template, params, link)),
    renderedText: renderText(template, params),
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  });
}
