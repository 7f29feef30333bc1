import { DomainError, newId, transactThenPublish } from '@inbox/platform';
import { CloudApiError } from '@inbox/whatsapp';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import type { TemplatePatch } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { statusFromProvider } from '../../domain/template-lifecycle';
import type { CheckedTemplate } from './template-input';
import { channelOf } from './template-channel';
import { providerProblem } from './provider-errors';

/** WhatsApp accepts at most this many new templates per WABA per hour (reference §A1). */
export const CREATIONS_PER_HOUR = 100;
const HOUR = 3_600_000;

/**
 * Counts this creation against the WABA's hour before WhatsApp is asked, in one short transaction
 * under the WABA's budget lock (released before the call): concurrent creations take their turn,
 * so together they never pass the limit. A full hour is 429 with the time a slot frees up.
 */
async function reserveCreation(
  deps: TemplatesDeps,
  creation: { orgId: number; wabaId: string; templateId: string },
): Promise<string> {
  const id = newId();
  await transactThenPublish(deps, async (tx) => {
    await templateLedgerRepository.lockCreationBudget(tx, creation.wabaId);
    const now = deps.now();
    const { count, oldest } = await templateLedgerRepository.creationsSince(
      tx,
      creation.wabaId,
      new Date(now.getTime() - HOUR),
    );
    if (count >= CREATIONS_PER_HOUR) {
      const retryAt = new Date((oldest ?? now).getTime() + HOUR);
      throw new DomainError(
        'rate_limited',
        'TEMPLATE_CREATE_LIMIT',
        `WhatsApp takes at most ${CREATIONS_PER_HOUR} new templates an hour per account; try again after ${retryAt.toISOString()}`,
        [],
        { retryAt },
      );
    }
    await templateLedgerRepository.addCreation(tx, { id, ...creation, at: now });
  });
  return id;
}

/** A failure after which WhatsApp may still have created the template (no answer came back). */
const mayHaveCreated = (error: unknown) => error instanceof CloudApiError && error.outcomeUnknown;

/** What WhatsApp's answer changes on the row, and the WABA it was created in. */
export interface Submitted {
  wabaId: string;
  patch: Required<
    Pick<
      TemplatePatch,
      'status' | 'providerTemplateId' | 'category' | 'requestedCategory' | 'providerEventAt'
    >
  >;
}

/**
 * Creates the template in WhatsApp (`POST /{waba-id}/message_templates`), outside any
 * transaction, once the WABA's hourly budget has room for it (counted first; given back when
 * WhatsApp refused). WhatsApp may file it under another category than requested; the row takes
 * WhatsApp's and keeps the requested one beside it. `templateId` is the local row it is for.
 */
export async function submitToWhatsApp(
  deps: TemplatesDeps,
  caller: CallerContext,
  template: CheckedTemplate,
  templateId: string,
): Promise<Submitted> {
  const channel = await channelOf(deps, caller);
  const reservation = await reserveCreation(deps, {
    orgId: caller.orgId,
    wabaId: channel.wabaId,
    templateId,
  });
  const calledAt = deps.now();
  let created;
  try {
    created = await deps.whatsappFor(channel).createTemplate(channel.wabaId, {
      name: template.name,
      language: template.language,
      category: template.category,
      parameter_format: template.parameterFormat,
      components: template.components,
    });
  } catch (error) {
    if (!mayHaveCreated(error)) await templateLedgerRepository.removeCreation(deps.db, reservation);
    throw providerProblem(error);
  }
  return {
    wabaId: channel.wabaId,
    patch: {
      status: statusFromProvider(created.status),
      providerTemplateId: created.id,
      category: created.category,
      requestedCategory: created.category === template.category ? null : template.category,
      providerEventAt: calledAt,
    },
  };
}
