import { directoryEventSchemas } from '@inbox/contracts';
import { createEventRecorder, type EventRecorder as Recorder, type OutboxRelay } from '@inbox/platform';
import { outbox } from './db/schema';

export type EventRecorder = Recorder<typeof directoryEventSchemas>;

export const createDirectoryEventRecorder = (
  relay: Pick<OutboxRelay, 'nudge'>,
  now: () => Date,
): EventRecorder => createEventRecorder(directoryEventSchemas, outbox, relay, now);
