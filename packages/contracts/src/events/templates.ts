import { z } from 'zod';

/** Events published by the templates service. Changing a value needs a migration plan. */
export const TEMPLATES_EVENTS = {
  templateCreated: 'templates.template.created.v1',
  /** Content or local metadata changed (components, category, folder, inbox category, quality). */
  templateUpdated: 'templates.template.updated.v1',
  templateStatusChanged: 'templates.template.status_changed.v1',
  templateRemoved: 'templates.template.removed.v1',
} as const;

const actorId = z.string().nullable();
const templateRef = {
  templateId: z.string(),
  name: z.string(),
  language: z.string(),
  /** WhatsApp's template id, once submitted. */
  providerTemplateId: z.string().nullable(),
};

export const templatesEventSchemas = {
  [TEMPLATES_EVENTS.templateCreated]: z.object({
    ...templateRef,
    category: z.string(),
    status: z.string(),
    /** user | api_key | sync: a template WhatsApp had that this service did not. */
    source: z.string(),
    actorId,
  }),
  [TEMPLATES_EVENTS.templateUpdated]: z.object({
    ...templateRef,
    /** Which fields changed: components, category, folder, inbox_category, quality_rating, … */
    changes: z.array(z.string()),
    category: z.string(),
    inboxCategory: z.string().nullable(),
    actorId,
  }),
  [TEMPLATES_EVENTS.templateStatusChanged]: z.object({
    ...templateRef,
    from: z.string().nullable(),
    to: z.string(),
    /** What happened (SUBMITTED, EDITED, APPROVED, REJECTED, PAUSED, REINSTATED, REMOVED, SYNCED…). */
    event: z.string(),
    reason: z.string().nullable(),
    category: z.string(),
    actorId,
  }),
  [TEMPLATES_EVENTS.templateRemoved]: z.object({
    ...templateRef,
    /** Whether it was also deleted in WhatsApp (or found gone from it), not only hidden here. */
    inProvider: z.boolean(),
    actorId,
  }),
} as const;

export type TemplatesEventType = (typeof TEMPLATES_EVENTS)[keyof typeof TEMPLATES_EVENTS];
export type TemplatesEventData<T extends TemplatesEventType> = z.infer<(typeof templatesEventSchemas)[T]>;
