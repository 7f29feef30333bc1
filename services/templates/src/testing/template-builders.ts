import { eq } from 'drizzle-orm';
import type { TemplateStatus } from '@inbox/contracts';
import { newId, type Db } from '@inbox/platform';
import type { Simulator } from '@inbox/whatsapp-sim';
import { templateCreations, templates, type StoredComponent } from '../db/schema';
import type { TemplateInput } from '../usecases/templates/template-input';

/** Test builders for template tests (never used by production code). */

/** A valid UTILITY template with two positional body variables; override any field. */
export const makeTemplateInput = (overrides: Partial<TemplateInput> = {}): TemplateInput => ({
  name: `order_ready_${newId().slice(-8).replace(/-/g, '')}`,
  language: 'es_MX',
  category: 'UTILITY',
  components: [
    {
      type: 'BODY',
      text: 'Hola {{1}}, tu pedido {{2}} está listo para recoger.',
      example: { body_text: [['Ana', 'A-1234']] },
    },
    { type: 'FOOTER', text: 'Tienda Ejemplo' },
  ],
  ...overrides,
});

/** The same template with another body text (an edit). */
export const withBody = (input: TemplateInput, text: string, example: string[]): TemplateInput => ({
  ...input,
  components: [{ type: 'BODY', text, example: { body_text: [example] } }],
});

/** A simulator template as its control API shows it. */
export interface SimTemplateView {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  components: Array<Record<string, unknown>>;
  approvedEdits: number;
}

const control = async (sim: Simulator, method: string, path: string, body?: unknown) => {
  const res = await fetch(`${sim.url}/_sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`simulator ${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};

/** Every template the simulator (WhatsApp) holds. */
export const simTemplates = async (sim: Simulator): Promise<SimTemplateView[]> =>
  (await control(sim, 'GET', '/templates')).data as SimTemplateView[];

/** Moves the simulator's clock forward (its edit budget counts on it). */
export const advanceSimClock = (sim: Simulator, advanceMs: number) =>
  control(sim, 'POST', '/clock', { advanceMs });

/**
 * WhatsApp approves the template (optionally under another category), and the local row follows
 * as the status webhook would make it (the webhook consumer is tested on its own).
 */
export async function approveTemplate(
  db: Db,
  sim: Simulator,
  row: { id: string; providerTemplateId: string | null },
  category?: string,
): Promise<void> {
  if (!row.providerTemplateId) throw new Error('approveTemplate: the template was never submitted');
  await control(sim, 'POST', `/templates/${row.providerTemplateId}/review`, {
    action: 'approve',
    ...(category ? { category } : {}),
  });
  await setLocalStatus(db, row.id, 'APPROVED', category);
}

/** WhatsApp rejects the template, and the local row follows as the status webhook would make it. */
export async function rejectTemplate(
  db: Db,
  sim: Simulator,
  row: { id: string; providerTemplateId: string | null },
): Promise<void> {
  await control(sim, 'POST', `/templates/${row.providerTemplateId}/review`, {
    action: 'reject',
    reason: 'INVALID_FORMAT',
  });
  await setLocalStatus(db, row.id, 'REJECTED');
}

/** Sets a template's status (and category) in the database only, as a webhook or sync would. */
export async function setLocalStatus(
  db: Db,
  id: string,
  status: TemplateStatus,
  category?: string,
): Promise<void> {
  await db
    .update(templates)
    .set({ status, ...(category ? { category } : {}) })
    .where(eq(templates.id, id));
}

/** `count` templates created in WhatsApp from here for this WABA at `at` (the hourly creation budget). */
export async function seedCreations(db: Db, orgId: number, wabaId: string, count: number, at: Date) {
  await db.insert(templateCreations).values(
    Array.from({ length: count }, () => ({
      id: newId(),
      orgId,
      wabaId,
      templateId: newId(),
      createdAt: at,
    })),
  );
}

/** What `storeTemplate` writes; anything left out is an APPROVED es_MX UTILITY template. */
export interface StoredTemplateSeed {
  name?: string;
  language?: string;
  status?: TemplateStatus;
  components?: StoredComponent[];
  headerMediaId?: string | null;
}

/**
 * A template row as the service keeps it after WhatsApp approved it, written in the database only
 * (for tests of what reads templates: sends, campaign preparation). Answers the row's id.
 */
export async function storeTemplate(db: Db, orgId: number, seed: StoredTemplateSeed = {}): Promise<string> {
  const id = newId();
  await db.insert(templates).values({
    id,
    orgId,
    name: seed.name ?? 'order_ready',
    language: seed.language ?? 'es_MX',
    category: 'UTILITY',
    status: seed.status ?? 'APPROVED',
    components: seed.components ?? [
      {
        type: 'BODY',
        text: 'Hola {{1}}, tu pedido {{2}} está listo.',
        example: { body_text: [['Ana', 'A-1']] },
      },
      { type: 'FOOTER', text: 'Tienda Ejemplo' },
    ],
    parameterFormat: 'POSITIONAL',
    headerMediaId: seed.headerMediaId ?? null,
    providerTemplateId: `${Date.now()}${Math.floor(Math.random() * 1000)}`,
  });
  return id;
}
