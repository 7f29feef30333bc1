import { z } from 'zod';
import {
  DEFAULT_PARAMETER_FORMAT,
  DEFAULT_TEMPLATE_LANGUAGE,
  PARAMETER_FORMATS,
  SEARCH_MAX_LENGTH,
  TEMPLATE_CATEGORIES,
  TEMPLATE_COMPONENT_TYPES,
  TEMPLATE_LABEL_MAX,
  TEMPLATE_LANGUAGES,
  TEMPLATE_LIMITS,
  TEMPLATE_NAME_PATTERN,
  TEMPLATE_QUALITY_RATINGS,
  TEMPLATE_STATUSES,
} from '@inbox/contracts';
import type { TemplatesApi } from '../clients';
import { nullable, timestamp } from './schemas';

type Templates = TemplatesApi['call'];
type TemplateInput = Parameters<Templates['CreateTemplate']>[0];
type TemplateFilter = NonNullable<Parameters<Templates['ListTemplates']>[0]['filter']>;
type Template = Awaited<ReturnType<Templates['GetTemplate']>>;

export const templateName = z
  .string()
  .min(1)
  .max(TEMPLATE_LIMITS.name)
  .regex(TEMPLATE_NAME_PATTERN, 'Lowercase letters, digits and underscores only');

const language = z
  .enum(TEMPLATE_LANGUAGES)
  .describe(`WhatsApp's language code (es_MX, en_US, pt_BR, …); default ${DEFAULT_TEMPLATE_LANGUAGE}`);

/** A WhatsApp template component exactly as Meta's API shapes it (HEADER, BODY, FOOTER, BUTTONS). */
const component = z
  .looseObject({ type: z.string().max(20).describe(TEMPLATE_COMPONENT_TYPES.join(' | ')) })
  .describe('Meta’s shape: text, format, example, buttons…');

/** The body of POST /templates, POST /templates/draft, PUT /templates/{id}/draft and PUT /templates/{id}. */
export const templateInputBody = z.strictObject({
  name: templateName,
  category: z.enum(TEMPLATE_CATEGORIES),
  components: z
    .array(component)
    .min(1)
    .max(TEMPLATE_COMPONENT_TYPES.length)
    .describe(
      `HEADER (TEXT ≤ ${TEMPLATE_LIMITS.headerText} with at most one variable, or IMAGE/VIDEO/DOCUMENT with a header_handle from POST /templates/upload-media), BODY ≤ ${TEMPLATE_LIMITS.body} with variables {{1}}…{{n}} and an example each, FOOTER ≤ ${TEMPLATE_LIMITS.footer}, BUTTONS ≤ ${TEMPLATE_LIMITS.buttons}`,
    ),
  language: language.optional(),
  parameterFormat: z
    .enum(PARAMETER_FORMATS)
    .optional()
    .describe(`{{1}} (POSITIONAL) or {{first_name}} (NAMED); default ${DEFAULT_PARAMETER_FORMAT}`),
});
export type TemplateInputBody = z.infer<typeof templateInputBody>;

export const toTemplateInput = (body: TemplateInputBody): TemplateInput => ({
  name: body.name,
  category: body.category,
  componentsJson: JSON.stringify(body.components),
  language: body.language,
  parameterFormat: body.parameterFormat,
});

const statusList = z
  .string()
  .transform((s) =>
    s
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean),
  )
  .pipe(z.array(z.enum(TEMPLATE_STATUSES)).max(TEMPLATE_STATUSES.length));

/** The filters of GET /templates, also the selection of a bulk action in mode `all`. */
export const templateFilterFields = {
  status: statusList
    .optional()
    .describe(`comma-separated, e.g. APPROVED,PENDING; default APPROVED (${TEMPLATE_STATUSES.join(', ')})`),
  category: z.enum(TEMPLATE_CATEGORIES).optional(),
  folder: z.string().trim().min(1).max(TEMPLATE_LABEL_MAX).optional(),
  language: z.enum(TEMPLATE_LANGUAGES).optional(),
  search: z.string().max(SEARCH_MAX_LENGTH).optional().describe('part of the name (case-insensitive)'),
};
export const templateFilter = z.strictObject(templateFilterFields);
export type TemplateFilterQuery = z.infer<typeof templateFilter>;

export const toFilter = (q: TemplateFilterQuery = {}): TemplateFilter => ({
  status: q.status ?? [],
  category: q.category,
  folder: q.folder,
  language: q.language,
  search: q.search || undefined,
});

export const statusChange = z.object({
  from: nullable(z.enum(TEMPLATE_STATUSES)),
  to: z.enum(TEMPLATE_STATUSES),
  event: z
    .string()
    .describe('CREATED, SUBMITTED, EDITED, APPROVED, REJECTED, PAUSED, REINSTATED, REMOVED, SYNCED, …'),
  reason: nullable(z.string()),
  by: z.string().describe('user | api_key | whatsapp | sync'),
  at: timestamp,
});

/** The template as every template endpoint answers it. */
export const templateSchema = z.object({
  id: z.string(),
  name: z.string(),
  language: z.string(),
  category: z.enum(TEMPLATE_CATEGORIES).describe('the category WhatsApp approved it under, once submitted'),
  requestedCategory: nullable(z.enum(TEMPLATE_CATEGORIES)).describe(
    'the category asked for, when WhatsApp chose another',
  ),
  status: z.enum(TEMPLATE_STATUSES),
  components: z.array(z.record(z.string(), z.unknown())),
  parameterFormat: z.enum(PARAMETER_FORMATS),
  folder: nullable(z.string()),
  inboxCategory: nullable(z.string()).describe(
    'given to a conversation without a category when the customer replies to this template',
  ),
  providerTemplateId: nullable(z.string()).describe('WhatsApp’s template id'),
  rejectedReason: nullable(z.string()),
  rejectionDetails: nullable(z.record(z.string(), z.unknown())).describe(
    'WhatsApp’s rejection_info (reason, recommendation)',
  ),
  qualityRating: nullable(z.enum(TEMPLATE_QUALITY_RATINGS)),
  hasHeaderMedia: z.boolean().describe('GET /templates/{id}/header-media serves its header file'),
  nextEditAllowedAt: nullable(timestamp).describe('when an APPROVED template may be edited again'),
  createdAt: timestamp,
  updatedAt: timestamp,
});

export const templateWithHistory = templateSchema.extend({
  history: z.array(statusChange).describe('status changes, newest first'),
});

const parseJson = (text: string | undefined) => (text ? (JSON.parse(text) as unknown) : null);

/** JSON text from gRPC becomes objects in the answer (the response schema drops the rest). */
export const toRestTemplate = ({ componentsJson, rejectionDetailsJson, ...template }: Template) => ({
  ...template,
  components: parseJson(componentsJson) ?? [],
  rejectionDetails: parseJson(rejectionDetailsJson),
});
