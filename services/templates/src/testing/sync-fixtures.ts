import { eq } from 'drizzle-orm';
import type { TemplateStatus } from '@inbox/contracts';
import { newId, type Db } from '@inbox/platform';
import type { Simulator } from '@inbox/whatsapp-sim';
import { templateStatusHistory, templates } from '../db/schema';
import type { TemplateRow } from '../db/repositories/templates.repository';

/** Fixtures for sync and webhook tests: templates in WhatsApp (the simulator) and stored ones. */

const unique = () => newId().replace(/-/g, '').slice(-10);

export const bodyOnly = (text: string) => [{ type: 'BODY', text }];

export interface SimSeed {
  name?: string;
  language?: string;
  category?: 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
  status?: 'PENDING' | 'APPROVED' | 'REJECTED' | 'PAUSED' | 'DISABLED' | 'IN_APPEAL';
  components?: Record<string, unknown>[];
  quality?: 'GREEN' | 'YELLOW' | 'RED' | 'UNKNOWN';
}

export interface SeededTemplate {
  id: string;
  name: string;
  language: string;
  category: string;
  status: string;
  components: Record<string, unknown>[];
  quality: string;
}

async function control(sim: Simulator, method: string, path: string, body?: unknown) {
  const res = await fetch(`${sim.url}/_sim${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (res.status >= 300) throw new Error(`simulator ${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

/** Templates WhatsApp has (made in WhatsApp Manager, say), listed in this order. */
export async function seedSimTemplates(sim: Simulator, seeds: SimSeed[]): Promise<SeededTemplate[]> {
  const body = {
    templates: seeds.map((s) => ({
      name: s.name ?? `synced_${unique()}`,
      language: s.language ?? 'es_MX',
      category: s.category ?? 'UTILITY',
      status: s.status ?? 'APPROVED',
      components: s.components ?? bodyOnly(`Hola, ${unique()}`),
      ...(s.quality ? { quality: s.quality } : {}),
    })),
  };
  return (await control(sim, 'POST', '/templates/seed', body)).data as SeededTemplate[];
}

/** WhatsApp's review or quality system acts on a template; its signed webhook is posted. */
export const simReview = (sim: Simulator, id: string, step: Record<string, unknown>) =>
  control(sim, 'POST', `/templates/${id}/review`, step);
export const simCategory = (sim: Simulator, id: string, category: string, warning = false) =>
  control(sim, 'POST', `/templates/${id}/category`, { category, warning });
export const simQuality = (sim: Simulator, id: string, score: string) =>
  control(sim, 'POST', `/templates/${id}/quality`, { score });

/** A stored template, written directly (as earlier use cases would have left it). */
export async function storeTemplate(
  db: Db,
  orgId: number,
  row: Partial<Omit<TemplateRow, 'orgId'>> & { status: TemplateStatus },
): Promise<TemplateRow> {
  const at = row.updatedAt ?? new Date(Date.now() - 60_000);
  const [stored] = await db
    .insert(templates)
    .values({
      id: newId(),
      name: `local_${unique()}`,
      language: 'es_MX',
      category: 'UTILITY',
      components: bodyOnly('Hola'),
      parameterFormat: 'POSITIONAL',
      createdAt: at,
      ...row,
      orgId,
      updatedAt: at,
    })
    .returning();
  return stored;
}

/** A stored copy of a template WhatsApp has, linked by its id. */
export const storeSeeded = (
  db: Db,
  orgId: number,
  seeded: SeededTemplate,
  overrides: Partial<TemplateRow> & { status?: TemplateStatus } = {},
) =>
  storeTemplate(db, orgId, {
    name: seeded.name,
    language: seeded.language,
    category: seeded.category,
    components: seeded.components as TemplateRow['components'],
    providerTemplateId: seeded.id,
    status: seeded.status as TemplateStatus,
    qualityRating: seeded.quality,
    ...overrides,
  });

export const templateRow = async (db: Db, id: string): Promise<TemplateRow> =>
  (await db.select().from(templates).where(eq(templates.id, id)))[0];

export const historyOf = (db: Db, templateId: string) =>
  db
    .select()
    .from(templateStatusHistory)
    .where(eq(templateStatusHistory.templateId, templateId))
    .orderBy(templateStatusHistory.at, templateStatusHistory.id);

/** Waits for a condition that asynchronous work (a webhook's delivery) makes true. */
export async function eventually<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`condition not met in time; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
