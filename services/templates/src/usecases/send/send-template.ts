import { IDEMPOTENCY_KEY_UNUSED } from '@inbox/contracts';
import { DomainError, invalid, requireOrganization, type CallerContext } from '@inbox/platform';
import { templatesRepository } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import type { TemplateMessageSent } from '../../inbox-client';
import { chooseTemplate } from './choose-template';
import { renderSend } from './render-send';
import { decodeSendParameters, type SendParametersJson } from './send-parameters';

export interface SendTemplateInput {
  name: string;
  language?: string;
  conversationId?: string;
  phone?: string;
  parameters?: SendParametersJson | null;
  idempotencyKey?: string;
}

type Target = { conversationId: string } | { phone: string };

function targetOf(input: SendTemplateInput): Target {
  const conversationId = input.conversationId || undefined;
  const phone = input.phone || undefined;
  if ((conversationId === undefined) === (phone === undefined))
    throw invalid('VALIDATION_FAILED', 'Give either a conversation id or a phone number', [
      {
        path: conversationId ? 'phone' : 'conversationId',
        message: 'Give exactly one of conversationId, phone',
      },
    ]);
  return conversationId ? { conversationId } : { phone: phone! };
}

/**
 * A send with an Idempotency-Key may be a retry: the inbox answers the message the key's first
 * send stored before anything is resolved or checked again (the template may have been paused,
 * edited or relabelled since, and the retry must still answer what the first send did). Null
 * when no send used the key yet.
 */
async function replayEarlierSend(
  deps: TemplatesDeps,
  caller: CallerContext,
  input: SendTemplateInput,
  target: Target,
): Promise<TemplateMessageSent | null> {
  try {
    return await deps.inbox.sendTemplateMessage(caller, {
      ...target,
      template: { id: '', name: input.name, language: input.language || '', category: '' },
      componentsJson: '',
      renderedText: '',
      idempotencyKey: input.idempotencyKey,
      replayOnly: true,
    });
  } catch (error) {
    if (error instanceof DomainError && error.code === IDEMPOTENCY_KEY_UNUSED) return null;
    throw error;
  }
}

/**
 * POST /templates/{name}/send and /send-to-phone: resolves the template (APPROVED only), checks
 * the parameters against its variables, renders what the customer sees and the Cloud API
 * components, then asks the inbox (which owns conversations and messages) to store and send it,
 * with the caller's own rights. A retry with the same Idempotency-Key answers the first message.
 * Reads only: no transaction is open while the inbox is called.
 */
export async function sendTemplate(
  deps: TemplatesDeps,
  caller: CallerContext,
  input: SendTemplateInput,
): Promise<TemplateMessageSent> {
  requireOrganization(caller);
  const target = targetOf(input);
  const params = decodeSendParameters(input.parameters);
  if (input.idempotencyKey) {
    const earlier = await replayEarlierSend(deps, caller, input, target);
    if (earlier) return earlier;
  }
  const candidates = await templatesRepository.liveOfName(deps.db, caller.orgId, input.name);
  const row = chooseTemplate(candidates, input.language || undefined);
  const rendered = renderSend(deps, row, params);
  return deps.inbox.sendTemplateMessage(caller, {
    ...target,
    template: {
      id: row.id,
      name: row.name,
      language: row.language,
      category: row.category,
      ...(row.inboxCategory ? { inboxCategory: row.inboxCategory } : {}),
    },
    ...rendered,
    ...(input.idempotencyKey ? { idempotencyKey: input.idempotencyKey } : {}),
  });
}
