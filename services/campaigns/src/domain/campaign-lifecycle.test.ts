import { CAMPAIGN_STATUSES, type CampaignStatus } from '@inbox/contracts';
import { DomainError } from '@inbox/platform';
import {
  CAMPAIGN_TRANSITIONS,
  nextCampaignStatus,
  type CampaignAction,
  type TransitionContext,
} from './campaign-lifecycle';

const now = new Date('2026-03-01T12:00:00Z');
const future = new Date('2026-03-02T12:00:00Z');
const past = new Date('2026-02-28T12:00:00Z');

type Row = [CampaignAction, CampaignStatus | null, Partial<TransitionContext>, CampaignStatus];

/** Every allowed transition, one row each. */
const ALLOWED: Row[] = [
  ['create', null, {}, 'QUEUED'],
  ['create', null, { scheduledAt: past }, 'QUEUED'],
  ['create', null, { scheduledAt: future }, 'SCHEDULED'],
  ['queue_due', 'SCHEDULED', {}, 'QUEUED'],
  ['start', 'QUEUED', {}, 'SENDING'],
  ['pause', 'SCHEDULED', {}, 'PAUSED'],
  ['pause', 'QUEUED', {}, 'PAUSED'],
  ['pause', 'SENDING', {}, 'PAUSED'],
  ['resume', 'PAUSED', {}, 'QUEUED'],
  ['resume', 'PAUSED', { scheduledAt: past }, 'QUEUED'],
  ['resume', 'PAUSED', { scheduledAt: future }, 'SCHEDULED'],
  ['cancel', 'SCHEDULED', {}, 'CANCELLED'],
  ['cancel', 'QUEUED', {}, 'CANCELLED'],
  ['cancel', 'SENDING', {}, 'CANCELLED'],
  ['cancel', 'PAUSED', {}, 'CANCELLED'],
  ['finish', 'SENDING', { anySent: true }, 'COMPLETED'],
  ['finish', 'SENDING', { anySent: false }, 'FAILED'],
];

describe('the campaign lifecycle', () => {
  it.each(ALLOWED)('%s from %s (%j) → %s', (action, from, context, to) => {
    expect(nextCampaignStatus(from, action, { now, ...context })).toBe(to);
  });

  const allowedPairs = new Set(ALLOWED.map(([action, from]) => `${action}:${from}`));
  const refused = CAMPAIGN_TRANSITIONS.flatMap(({ action }) =>
    [null, ...CAMPAIGN_STATUSES]
      .filter((from) => !allowedPairs.has(`${action}:${from}`))
      .map((from) => [action, from] as const),
  );

  it.each(refused)('refuses %s from %s with 409 INVALID_TRANSITION', (action, from) => {
    let thrown: unknown;
    try {
      nextCampaignStatus(from, action, { now, scheduledAt: future, anySent: true });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(DomainError);
    expect(thrown).toMatchObject({ kind: 'conflict', code: 'INVALID_TRANSITION' });
  });

  it('lists every action in the table above', () => {
    expect(new Set(ALLOWED.map(([action]) => action))).toEqual(
      new Set(CAMPAIGN_TRANSITIONS.map((t) => t.action)),
    );
    // Finished campaigns never move again.
    for (const from of ['COMPLETED', 'CANCELLED', 'FAILED'] as const)
      expect(ALLOWED.filter(([, f]) => f === from)).toEqual([]);
  });
});
