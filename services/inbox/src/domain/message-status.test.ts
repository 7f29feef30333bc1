import { OUTCOME_UNKNOWN } from '@inbox/contracts';
import { decideStatus, fromProviderStatus, type ProviderStatus, type StatusDecision } from './message-status';

const advance = (to: string): StatusDecision => ({ kind: 'advance', to }) as StatusDecision;
const unchanged: StatusDecision = { kind: 'unchanged' };
const ignored = (reason: string): StatusDecision => ({ kind: 'ignored', reason }) as StatusDecision;

describe('message status from status webhooks', () => {
  it.each<[string, ProviderStatus, StatusDecision]>([
    ['PENDING', 'sent', advance('SENT')],
    ['SENT', 'delivered', advance('DELIVERED')],
    ['DELIVERED', 'read', advance('READ')],
    // Read at once: no delivered webhook is sent.
    ['SENT', 'read', advance('READ')],
    ['PENDING', 'delivered', advance('DELIVERED')],
    ['DELIVERED', 'played', advance('READ')],
    // Out of order: never back.
    ['READ', 'delivered', unchanged],
    ['READ', 'sent', unchanged],
    ['DELIVERED', 'sent', unchanged],
    // Repeats.
    ['SENT', 'sent', unchanged],
    ['READ', 'read', unchanged],
    ['READ', 'played', unchanged],
    // Failures.
    ['PENDING', 'failed', advance('FAILED')],
    ['SENT', 'failed', advance('FAILED')],
    ['DELIVERED', 'failed', ignored('failed_after_delivery')],
    ['READ', 'failed', ignored('failed_after_delivery')],
    ['FAILED', 'failed', unchanged],
    ['FAILED', 'sent', ignored('already_failed')],
    ['FAILED', 'read', ignored('already_failed')],
    // Inbound messages have no delivery status.
    ['RECEIVED', 'read', ignored('not_outbound')],
  ])('%s + %s', (current, reported, expected) => expect(decideStatus(current, reported)).toEqual(expected));

  // A send whose outcome nobody knew: the platform's report says what happened.
  it.each<[ProviderStatus, StatusDecision]>([
    ['sent', advance('SENT')],
    ['delivered', advance('DELIVERED')],
    ['read', advance('READ')],
    ['failed', advance('FAILED')],
  ])('FAILED with OUTCOME_UNKNOWN + %s', (reported, expected) =>
    expect(decideStatus('FAILED', reported, OUTCOME_UNKNOWN.code)).toEqual(expected),
  );

  it('keeps a failure the platform reported final', () => {
    expect(decideStatus('FAILED', 'delivered', 131026)).toEqual(ignored('already_failed'));
  });

  it('maps the platform words to message statuses', () => {
    expect(
      ['sent', 'delivered', 'read', 'played', 'failed'].map((s) => fromProviderStatus(s as ProviderStatus)),
    ).toEqual(['SENT', 'DELIVERED', 'READ', 'READ', 'FAILED']);
  });
});
