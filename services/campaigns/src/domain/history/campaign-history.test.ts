import { CAMPAIGNS_EVENTS, campaignsEventSchemas, type HistoryEventView } from '@inbox/contracts';
import type { HistoryCampaignRow } from '../../db/repositories/history.repository';
import { at, CUTOFF, historyCampaignRow } from '../../testing/history-export';
import { CANCEL_REASON } from '../campaign-reasons';
import { NO_SEND_ACCEPTED_REASON } from '../campaign-reasons';
import { campaignHead, campaignTail } from './campaign-history';

const counts = { sent: 7, failed: 3 };
const BEFORE = at('05T09:00:00.000');
const LATER = CUTOFF;

/** The tail as [type, from → to, code, reason, actor] (completed: its counts), each parsed by its schema. */
function tail(fields: Partial<HistoryCampaignRow>): unknown[] {
  return campaignTail(historyCampaignRow(fields), CUTOFF, counts).map((e: HistoryEventView) => {
    const data = campaignsEventSchemas[e.type as keyof typeof campaignsEventSchemas].parse(e.data);
    if (e.type === CAMPAIGNS_EVENTS.campaignCompleted) return ['completed', e.occurredAt, data];
    const change = data as {
      from: string;
      to: string;
      code: string | null;
      reason: string | null;
      actorId: string | null;
    };
    return ['status', `${change.from} → ${change.to}`, change.code, change.reason, change.actorId];
  });
}

describe('a campaign’s latest status, told against the cutoff', () => {
  it.each<[string, Partial<HistoryCampaignRow>, unknown[]]>([
    [
      'completed before the cutoff: completed, with the counts at its completion',
      { status: 'COMPLETED', completedAt: BEFORE, updatedAt: BEFORE },
      [['completed', BEFORE.toISOString(), expect.objectContaining({ total: 10, ...counts })]],
    ],
    ['completed at the cutoff: not yet', { status: 'COMPLETED', completedAt: LATER, updatedAt: LATER }, []],
    [
      'paused by hand',
      { status: 'PAUSED', pauseCode: 'MANUAL', pauseReason: 'Paused', pausedBy: 'user-2', updatedAt: BEFORE },
      [['status', 'SENDING → PAUSED', 'MANUAL', 'Paused', 'user-2']],
    ],
    [
      'paused by WhatsApp: no person',
      {
        status: 'PAUSED',
        pauseCode: 'SPAM_LIMIT',
        pauseReason: 'Spam',
        pausedBy: 'user-2',
        updatedAt: BEFORE,
      },
      [['status', 'SENDING → PAUSED', 'SPAM_LIMIT', 'Spam', null]],
    ],
    ['paused after the cutoff: not yet', { status: 'PAUSED', pauseCode: 'MANUAL', updatedAt: LATER }, []],
    [
      'cancelled before it started',
      { status: 'CANCELLED', startedAt: null, cancelledBy: 'user-3', updatedAt: BEFORE },
      [['status', 'QUEUED → CANCELLED', null, CANCEL_REASON, 'user-3']],
    ],
    [
      'cancelled after the cutoff: not yet',
      { status: 'CANCELLED', cancelledBy: 'user-3', updatedAt: LATER },
      [],
    ],
    [
      'failed: WhatsApp accepted none of its sends, in the live words',
      { status: 'FAILED', completedAt: BEFORE, updatedAt: BEFORE },
      [['status', 'SENDING → FAILED', null, NO_SEND_ACCEPTED_REASON, null]],
    ],
    [
      'queued when its time came',
      { status: 'QUEUED', scheduledAt: BEFORE, startedAt: null, updatedAt: BEFORE },
      [['status', 'SCHEDULED → QUEUED', null, null, null]],
    ],
    ['sending again after a resume: the head says it', { status: 'SENDING', updatedAt: BEFORE }, []],
  ])('%s', (_name, fields, expected) => {
    expect(tail(fields)).toEqual(expected);
  });

  it('tells the start only when it came before the cutoff', () => {
    const types = (fields: Partial<HistoryCampaignRow>) =>
      campaignHead(historyCampaignRow(fields), CUTOFF).map((e) => e.type);
    expect(types({})).toEqual([CAMPAIGNS_EVENTS.campaignCreated, CAMPAIGNS_EVENTS.campaignStarted]);
    expect(types({ startedAt: LATER })).toEqual([CAMPAIGNS_EVENTS.campaignCreated]);
    // Started after the cutoff, then cancelled: the cancel's `from` is what the head told.
    expect(tail({ status: 'CANCELLED', startedAt: LATER, updatedAt: LATER })).toEqual([]);
  });
});
