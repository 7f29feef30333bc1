import { QUEUES, TEMPLATES_EVENTS, templatesEventSchemas } from '@inbox/contracts';
import { idempotent, REQUEST_ID_METADATA, type EventBus, type SubscriptionSpec } from '@inbox/platform';
import { outbox, processedEvents } from '../db/schema';
import type { CampaignsDeps } from '../deps';
import { pauseForTemplate, type TemplateChange } from '../usecases/campaigns/pause-for-template';

export const TEMPLATE_EVENTS_SUBSCRIPTION = {
  queue: QUEUES.campaignsTemplates,
  bindings: [TEMPLATES_EVENTS.templateStatusChanged, TEMPLATES_EVENTS.templateRemoved],
  prefetch: 10,
} satisfies SubscriptionSpec;

export const TEMPLATE_EVENTS_CONSUMER = 'campaigns.template-events';

/** The template's new state, from either event. */
function changeOf(type: string, data: unknown, orgId: number, requestId: string): TemplateChange {
  if (type === TEMPLATES_EVENTS.templateRemoved) {
    const removed = templatesEventSchemas[TEMPLATES_EVENTS.templateRemoved].parse(data);
    return { orgId, requestId, ...removed, status: 'REMOVED', reason: null };
  }
  const changed = templatesEventSchemas[TEMPLATES_EVENTS.templateStatusChanged].parse(data);
  return { orgId, requestId, ...changed, status: changed.to, reason: changed.reason };
}

/**
 * Template status changes and removals: a template PAUSED, DISABLED or no longer APPROVED pauses
 * its unfinished campaigns (TEMPLATE_PAUSED, TEMPLATE_DISABLED, TEMPLATE_NOT_APPROVED). Each
 * event is handled once (processed_events).
 */
export async function startTemplateEventsConsumer(deps: CampaignsDeps, bus: EventBus): Promise<void> {
  await bus.subscribe(
    TEMPLATE_EVENTS_SUBSCRIPTION,
    idempotent(
      deps.db,
      { outbox, processedEvents },
      TEMPLATE_EVENTS_CONSUMER,
      async (tx, event, info) => {
        const change = changeOf(
          event.type,
          event.data,
          event.orgId,
          info.headers[REQUEST_ID_METADATA] ?? event.id,
        );
        const paused = await pauseForTemplate(deps, tx, change);
        if (paused > 0)
          deps.logger.info(
            { templateId: change.templateId, status: change.status, paused },
            'campaigns paused: template',
          );
      },
      deps.events,
    ),
  );
}
