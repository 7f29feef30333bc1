import { campaignsEventSchemas } from '@inbox/contracts';
import { createEventRecorder, type EventRecorder, type OutboxRelay } from '@inbox/platform';
import { outbox } from './db/schema';

export type CampaignsEventRecorder = EventRecorder<typeof campaignsEventSchemas>;

export const createCampaignsEventRecorder = (
  relay: Pick<OutboxRelay, 'nudge'>,
  now: () => Date,
): CampaignsEventRecorder => createEventRecorder(campaignsEventSchemas, outbox, relay, now);

/** The origin of events recorded by consumers and jobs, which act for an organization without a caller. */
export const systemOrigin = (orgId: number, requestId = 'system') => ({ orgId, requestId });
