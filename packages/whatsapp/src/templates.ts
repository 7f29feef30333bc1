import { z } from 'zod';
import { invalidRequest } from './errors';
import { decodeAnswer as decode, graphJson, unexpectedResponse, type GraphRequest } from './http';

/** Template management on the WhatsApp Business Account (reference §5), shapes as Graph has them. */

export type TemplateCategoryName = 'MARKETING' | 'UTILITY' | 'AUTHENTICATION';
export type TemplateParameterFormat = 'POSITIONAL' | 'NAMED';

/**
 * One component as Graph takes and returns it (HEADER, BODY, FOOTER, BUTTONS…). The client passes
 * components through unchanged: the templates service validates them, Graph has the last word.
 */
export type TemplateComponent = { type: string } & Record<string, unknown>;

export interface CreateTemplateInput {
  /** `^[a-z0-9_]+$`, at most 512 characters. */
  name: string;
  /** A WhatsApp language code such as `es_MX` (underscore, case-sensitive). */
  language: string;
  category: TemplateCategoryName;
  parameter_format?: TemplateParameterFormat;
  components: TemplateComponent[];
}

/** Graph's answer to a creation; `category` may differ from the one requested. */
export interface CreateTemplateResult {
  id: string;
  status: string;
  category: string;
}

export interface EditTemplateInput {
  /** Refused by Graph for an APPROVED template. */
  category?: TemplateCategoryName;
  /** Replaces the components wholesale. */
  components: TemplateComponent[];
}

/** Always both: a name alone would delete the template in every language. */
export interface DeleteTemplateTarget {
  name: string;
  /** The template id (Graph's `hsm_id`) of the one language to delete. */
  hsmId: string;
}

export interface TemplateQualityScore {
  score: string;
  date?: number;
  reasons?: string[] | null;
}

/** A template as listed (or read) with TEMPLATE_FIELDS; ids are strings. */
export interface ProviderTemplate {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  sub_category?: string;
  previous_category?: string;
  components: TemplateComponent[];
  parameter_format?: string;
  quality_score?: TemplateQualityScore;
  rejected_reason?: string;
}

export interface TemplatePaging {
  cursors?: { before?: string; after?: string };
  /** Absent on the last page. */
  next?: string;
  previous?: string;
}

export interface TemplatePage {
  data: ProviderTemplate[];
  paging?: TemplatePaging;
}

export interface ListTemplatesOptions {
  /** Page size; Graph's default when absent. */
  limit?: number;
  /** `paging.cursors.after` of the previous page. */
  after?: string;
}

/** The fields a list or a read asks for: everything the templates service keeps. */
export const TEMPLATE_FIELDS = [
  'id',
  'name',
  'language',
  'status',
  'category',
  'sub_category',
  'previous_category',
  'components',
  'parameter_format',
  'quality_score',
  'rejected_reason',
] as const;

/** Graph ids are strings, but some answers (and every webhook) carry numbers. */
const idSchema = z.union([z.string().min(1), z.number().int().nonnegative()]).transform(String);
const componentSchema = z.looseObject({ type: z.string().min(1) });

const templateSchema = z.looseObject({
  id: idSchema,
  name: z.string().min(1),
  language: z.string().min(1),
  status: z.string().min(1),
  category: z.string().min(1),
  sub_category: z.string().optional(),
  previous_category: z.string().optional(),
  components: z.array(componentSchema).default([]),
  parameter_format: z.string().optional(),
  quality_score: z
    .looseObject({
      score: z.string(),
      date: z.number().optional(),
      reasons: z.array(z.string()).nullable().optional(),
    })
    .optional(),
  rejected_reason: z.string().optional(),
});

const pageSchema = z.object({
  data: z.array(templateSchema),
  paging: z
    .looseObject({
      cursors: z.looseObject({ before: z.string().optional(), after: z.string().optional() }).optional(),
      next: z.string().optional(),
      previous: z.string().optional(),
    })
    .optional(),
});

const createdSchema = z.looseObject({ id: idSchema, status: z.string().min(1), category: z.string().min(1) });
const successSchema = z.looseObject({ success: z.literal(true) });

function ensure(ok: boolean, details: string): void {
  if (!ok) throw invalidRequest(details);
}

/** What template calls need from the client: its versioned root and a request builder. */
export interface GraphAccess {
  root: string;
  req(method: GraphRequest['method'], url: string, extra?: Pick<GraphRequest, 'json'>): GraphRequest;
}

const segment = (id: string, what: string) => {
  ensure(/^[\w.:-]+$/.test(id), `${what} must be a Graph id`);
  return encodeURIComponent(id);
};

export async function createTemplate(
  g: GraphAccess,
  wabaId: string,
  input: CreateTemplateInput,
): Promise<CreateTemplateResult> {
  ensure(input.name.length > 0 && input.language.length > 0, 'template needs a name and a language');
  ensure(input.components.length > 0, 'template needs components');
  const url = `${g.root}/${segment(wabaId, 'WABA id')}/message_templates`;
  const { name, language, category, parameter_format, components } = input;
  const json = { name, language, category, ...(parameter_format ? { parameter_format } : {}), components };
  const created = decode(createdSchema, await graphJson(g.req('POST', url, { json })));
  return { id: created.id, status: created.status, category: created.category };
}

export async function editTemplate(
  g: GraphAccess,
  templateId: string,
  input: EditTemplateInput,
): Promise<{ success: true }> {
  ensure(input.components.length > 0, 'an edit needs the full list of components');
  const url = `${g.root}/${segment(templateId, 'template id')}`;
  const json = { ...(input.category ? { category: input.category } : {}), components: input.components };
  decode(successSchema, await graphJson(g.req('POST', url, { json })));
  return { success: true };
}

export async function deleteTemplate(
  g: GraphAccess,
  wabaId: string,
  target: DeleteTemplateTarget,
): Promise<{ success: true }> {
  // Checked at run time too: JavaScript callers (or a cast) could still leave hsmId out.
  ensure(target.name.length > 0, 'delete needs the template name');
  ensure(typeof target.hsmId === 'string' && target.hsmId.length > 0, 'delete needs hsm_id with the name');
  const query = new URLSearchParams({ name: target.name, hsm_id: target.hsmId });
  const url = `${g.root}/${segment(wabaId, 'WABA id')}/message_templates?${query.toString()}`;
  decode(successSchema, await graphJson(g.req('DELETE', url)));
  return { success: true };
}

export async function listTemplates(
  g: GraphAccess,
  wabaId: string,
  options: ListTemplatesOptions = {},
): Promise<TemplatePage> {
  const { limit, after } = options;
  ensure(limit === undefined || (Number.isInteger(limit) && limit > 0), 'limit must be a positive integer');
  const query = new URLSearchParams({ fields: TEMPLATE_FIELDS.join(',') });
  if (limit !== undefined) query.set('limit', String(limit));
  if (after !== undefined) query.set('after', after);
  const url = `${g.root}/${segment(wabaId, 'WABA id')}/message_templates?${query.toString()}`;
  return decode(pageSchema, await graphJson(g.req('GET', url)));
}

/**
 * Every page, following `paging.next` until it is absent. The next request is built from
 * `cursors.after` on the configured Graph root, never by fetching the `next` URL itself: the token
 * is only ever sent to the host this client was configured with.
 */
export async function* templatePages(
  g: GraphAccess,
  wabaId: string,
  options: Omit<ListTemplatesOptions, 'after'> = {},
): AsyncGenerator<TemplatePage> {
  const seen = new Set<string>();
  let after: string | undefined;
  for (;;) {
    const page = await listTemplates(g, wabaId, { ...options, after });
    yield page;
    if (!page.paging?.next) return;
    after = page.paging.cursors?.after;
    if (!after) throw unexpectedResponse(200, 'paging.next without paging.cursors.after');
    // A cursor seen before would loop forever.
    if (seen.has(after)) throw unexpectedResponse(200, `paging cursor '${after}' repeats`);
    seen.add(after);
  }
}

export async function getTemplate(g: GraphAccess, templateId: string): Promise<ProviderTemplate> {
  const query = new URLSearchParams({ fields: TEMPLATE_FIELDS.join(',') });
  const url = `${g.root}/${segment(templateId, 'template id')}?${query.toString()}`;
  return decode(templateSchema, await graphJson(g.req('GET', url)));
}
