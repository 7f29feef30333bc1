import type { StoredRecipientStatus } from '../db/schema';
import { planOutcome, type OutcomePlan, type SendOutcome } from './outcome-rules';

const at = new Date('2026-03-01T12:00:00Z');
const sent: SendOutcome = { kind: 'sent', wamid: 'wamid.1', waId: '5215512345678', at };
const failed: SendOutcome = {
  kind: 'failed',
  code: '131026',
  title: 'Undeliverable',
  details: null,
  retryableAfter: null,
  at,
};
const released: SendOutcome = { kind: 'released', notBefore: null, at };
const row = (status: StoredRecipientStatus, errorCode: string | null = null) => ({ status, errorCode });

describe('planOutcome', () => {
  it.each<[string, ReturnType<typeof row>, SendOutcome, OutcomePlan]>([
    [
      'accepted send of a claim',
      row('DISPATCHING'),
      sent,
      { write: true, moves: true, change: { from: 'PENDING', to: 'SENT' } },
    ],
    [
      'refused send of a claim',
      row('DISPATCHING'),
      failed,
      { write: true, moves: true, change: { from: 'PENDING', to: 'FAILED' } },
    ],
    ['released claim: nothing visible moved', row('DISPATCHING'), released, { write: true, moves: true }],
    [
      'accepted after the sweeper gave up on it',
      row('FAILED', 'OUTCOME_UNKNOWN'),
      sent,
      { write: true, moves: true, change: { from: 'FAILED', to: 'SENT' } },
    ],
    ['a status webhook came first (SENT): fill in only', row('SENT'), sent, { write: true, moves: false }],
    ['a status webhook came first (READ): fill in only', row('READ'), sent, { write: true, moves: false }],
    [
      'WhatsApp failed it asynchronously first: kept',
      row('FAILED', '131026'),
      sent,
      { write: true, moves: false },
    ],
    [
      'a failure never overrides what WhatsApp said',
      row('DELIVERED'),
      failed,
      { write: false, moves: false },
    ],
    ['a release never reopens a sent one', row('SENT'), released, { write: false, moves: false }],
  ])('%s', (_name, current, outcome, plan) => expect(planOutcome(current, outcome)).toEqual(plan));
});
