import type { ProviderWhatsAppData } from '@inbox/contracts';
import type { z } from 'zod';
import type { Db } from '@inbox/platform';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import { syncRepository } from '../../db/repositories/sync.repository';
import type { TemplateRow } from '../../db/repositories/templates.repository';
import type { TemplatesDeps } from '../../deps';
import type { ProviderActor } from './provider-changes';

/** Which template a webhook is about: WhatsApp's id when it is exact, and its name and language. */
export interface TemplateRef {
  providerTemplateId: string | null;
  name: string;
  language: string;
}

/**
 * WhatsApp's id as a string. The gateway keeps integers beyond 2^53 as strings (lossless parse);
 * a number that is not a safe integer was rounded somewhere, so it is not trusted: the template is
 * then found by name and language.
 */
export function providerIdOf(raw: unknown): string | null {
  if (typeof raw === 'string') return /^\d{1,30}$/.test(raw) ? raw : null;
  if (typeof raw === 'number' && Number.isSafeInteger(raw) && raw >= 0) return String(raw);
  return null;
}

/** The reference fields every template webhook carries; null when they are missing or malformed. */
export function templateRefOf(value: Record<string, unknown>): TemplateRef | null {
  const name = value.message_template_name;
  const language = value.message_template_language;
  if (typeof name !== 'string' || typeof language !== 'string' || !name || !language) return null;
  return { providerTemplateId: providerIdOf(value.message_template_id), name, language };
}

/**
 * The stored template a webhook is about, held until the transaction ends: by WhatsApp's id, else
 * a live template of that name and language whose creation answer never stored the id (it is
 * linked now). Only in the organization that owns the WABA.
 */
export async function lockWebhookTarget(
  tx: Db,
  orgId: number,
  ref: TemplateRef,
): Promise<{ row: TemplateRow; link: boolean } | undefined> {
  if (ref.providerTemplateId !== null) {
    const [row] = await syncRepository.lockByProviderIds(tx, orgId, [ref.providerTemplateId]);
    if (row) return { row, link: false };
  }
  const [unlinked] = await syncRepository.lockUnlinked(tx, orgId, ref.name, ref.language);
  return unlinked ? { row: unlinked, link: ref.providerTemplateId !== null } : undefined;
}

/** The webhook's time (`entry[].time`, whole seconds), when it has one. */
export const eventTimeOf = (data: ProviderWhatsAppData): Date | undefined =>
  data.time === undefined ? undefined : new Date(data.time * 1000);

/**
 * A note in the template's history that leaves the status as it is (FLAGGED, a category change),
 * unless the latest entry already says the same (WhatsApp delivers a webhook more than once).
 */
export async function addHistoryNote(
  deps: TemplatesDeps,
  tx: Db,
  actor: ProviderActor,
  row: TemplateRow,
  note: { event: string; reason: string | null; eventAt?: Date },
): Promise<boolean> {
  const last = await syncRepository.lastStatusChange(tx, row.id);
  if (last && last.event === note.event && last.reason === note.reason && last.toStatus === row.status)
    return false;
  await templateLedgerRepository.addStatusChange(tx, {
    orgId: row.orgId,
    templateId: row.id,
    from: row.status,
    to: row.status,
    event: note.event,
    reason: note.reason,
    by: actor.by,
    actorId: actor.actorId,
    at: deps.now(),
    providerEventAt: note.eventAt ?? null,
  });
  return true;
}

/**
 * A webhook's `value` read with its schema. A malformed one is logged and ignored (null): WhatsApp
 * will not send it better on a retry, so failing the delivery would only park it.
 */
export function readWebhookValue<T>(
  deps: TemplatesDeps,
  schema: z.ZodType<T>,
  row: TemplateRow,
  data: ProviderWhatsAppData,
): T | null {
  const parsed = schema.safeParse(data.value);
  if (parsed.success) return parsed.data;
  deps.logger.warn({ templateId: row.id, field: data.field }, 'malformed template webhook ignored');
  return null;
}
