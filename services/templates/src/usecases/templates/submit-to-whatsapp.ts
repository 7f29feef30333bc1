import { DomainError } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import type { TemplatePatch } from '../../db/repositories/templates.repository';
import type { CallerContext, TemplatesDeps } from '../../deps';
import { statusFromProvider } from '../../domain/template-lifecycle';
import type { CheckedTemplate } from './template-input';
import { channelOf } from './template-channel';
import { callWhatsApp } from './provider-errors';

/** WhatsApp accepts at most this many new templates per WABA per hour (reference §A1). */
export const CREATIONS_PER_HOUR = 100;
const HOUR = 3_600_000;

/** Refuses a creation the WABA's hourly budget has no room for, with the time one frees up. */
async function checkCreationBudget(deps: TemplatesDeps, wabaId: string): Promise<void> {
  const now = deps.now();
  const { count, oldest } = await templateLedgerRepository.creationsSince(
    deps.db,
    wabaId,
    new Date(now.getTime() - HOUR),
  );
  if (count < CREATIONS_PER_HOUR) return;
  const retryAt = new Date((oldest ?? now).getTime() + HOUR);
  throw new DomainError(
    'rate_limited',
    'TEMPLATE_CREATE_LIMIT',
    `WhatsApp takes at most ${CREATIONS_PER_HOUR} new templates an hour per account; try again after ${retryAt.toISOString()}`,
  );
}

/** What WhatsApp's answer changes on the row, and the WABA it was created in (for the hourly count). */
export interface Submitted {
  wabaId: string;
  patch: Required<Pick<TemplatePatch, 'status' | 'providerTemplateId' | 'category' | 'requestedCategory'>>;
}

/**
 * Creates the template in WhatsApp (`POST /{waba-id}/message_templates`), outside any
 * transaction: nothing is written before WhatsApp said yes. WhatsApp may file it under another
 * category than requested; the row takes WhatsApp's and keeps the requested one beside it.
 */
export async function submitToWhatsApp(
  deps: TemplatesDeps,
  caller: CallerContext,
  template: CheckedTemplate,
): Promise<Submitted> {
  const channel = await channelOf(deps, caller);
  await checkCreationBudget(deps, channel.wabaId);
  const created = await callWhatsApp(() =>
    deps.whatsappFor(channel).createTemplate(channel.wabaId, {
      name: template.name,
      language: template.language,
      category: template.category,
      parameter_format: template.parameterFormat,
      components: template.components,
    }),
  );
  return {
    wabaId: channel.wabaId,
    patch: {
      status: statusFromProvider(created.status),
      providerTemplateId: created.id,
      category: created.category,
      requestedCategory: created.category === template.category ? null : template.category,
    },
  };
}
