import { CAMPAIGN_STATUSES, type CampaignStatus } from '@inbox/contracts';
import { conflict } from '@inbox/platform';

/**
 * What happens to a campaign: a person creates, pauses, resumes or cancels it; the scheduler
 * queues a due one; the worker starts it with its first send and finishes it when no recipient is
 * left to send (COMPLETED, or FAILED when not one could be sent).
 */
export type CampaignAction = 'create' | 'queue_due' | 'start' | 'pause' | 'resume' | 'cancel' | 'finish';

/** When the campaign is due, and (finish) whether any recipient was sent. */
export interface TransitionContext {
  now: Date;
  scheduledAt?: Date | null;
  anySent?: boolean;
}

export interface CampaignTransition {
  action: CampaignAction;
  /** Where the action is allowed; null = no campaign yet. */
  from: readonly (CampaignStatus | null)[];
  to: (context: TransitionContext) => CampaignStatus;
}

/** Finished: nothing moves a campaign out of these. */
export const FINAL_CAMPAIGN_STATUSES: readonly CampaignStatus[] = ['COMPLETED', 'CANCELLED', 'FAILED'];

const inFuture = ({ scheduledAt, now }: TransitionContext) =>
  !!scheduledAt && scheduledAt.getTime() > now.getTime();
const dueOrNot = (context: TransitionContext): CampaignStatus => (inFuture(context) ? 'SCHEDULED' : 'QUEUED');

/** The lifecycle as built. Everything not listed is refused with 409 INVALID_TRANSITION. */
export const CAMPAIGN_TRANSITIONS: readonly CampaignTransition[] = [
  { action: 'create', from: [null], to: dueOrNot },
  { action: 'queue_due', from: ['SCHEDULED'], to: () => 'QUEUED' },
  { action: 'start', from: ['QUEUED'], to: () => 'SENDING' },
  { action: 'pause', from: ['SCHEDULED', 'QUEUED', 'SENDING'], to: () => 'PAUSED' },
  // Back in the queue, or waiting for its time when that is still ahead.
  { action: 'resume', from: ['PAUSED'], to: dueOrNot },
  {
    action: 'cancel',
    from: CAMPAIGN_STATUSES.filter((s) => !FINAL_CAMPAIGN_STATUSES.includes(s)),
    to: () => 'CANCELLED',
  },
  { action: 'finish', from: ['SENDING'], to: ({ anySent }) => (anySent === false ? 'FAILED' : 'COMPLETED') },
];

const rowOf = (action: CampaignAction) => CAMPAIGN_TRANSITIONS.find((row) => row.action === action)!;

export const allows = (action: CampaignAction, from: CampaignStatus | null): boolean =>
  rowOf(action).from.includes(from);

/** The statuses an action may start from (guarded updates: `WHERE status IN (…)`). */
export const statusesAllowing = (action: CampaignAction): CampaignStatus[] =>
  rowOf(action).from.filter((s): s is CampaignStatus => s !== null);

/** The status after `action`, or a 409 INVALID_TRANSITION naming the action and the status. */
export function nextCampaignStatus(
  from: CampaignStatus | null,
  action: CampaignAction,
  context: TransitionContext,
): CampaignStatus {
  const row = rowOf(action);
  if (!row.from.includes(from))
    throw conflict(
      'INVALID_TRANSITION',
      `Cannot ${action.replace('_', ' ')} a campaign that is ${from ?? 'new'}`,
      {
        members: { status: from, action },
      },
    );
  return row.to(context);
}
