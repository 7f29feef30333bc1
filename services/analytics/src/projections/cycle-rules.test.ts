import { agentMessage, close, customerMessage, handoff, splitAt, type CycleFacts } from './cycle-rules';

const t = (minutes: number) => new Date(Date.UTC(2025, 2, 10, 12, minutes));

const cycle = (facts: Partial<CycleFacts> = {}): CycleFacts => ({
  seq: 0,
  startedAt: t(0),
  peopleSince: t(0),
  waitingSince: null,
  firstResponseAt: null,
  firstResponderId: null,
  resolvedAt: null,
  resolvedBy: null,
  ...facts,
});

describe('cycle rules', () => {
  it.each([
    [
      'cycle 0 without the bot: the opening message, before createdAt',
      false,
      cycle(),
      -1,
      { waitingSince: t(-1) },
    ],
    ['an earlier message arriving late', false, cycle({ waitingSince: t(5) }), 3, { waitingSince: t(3) }],
    ['a later message', false, cycle({ waitingSince: t(5) }), 7, { waitingSince: t(5) }],
    [
      'cycle 0 of the bot: the handoff starts the clock, not messages',
      true,
      cycle({ peopleSince: t(2) }),
      3,
      {},
    ],
    ['the bot still has it', true, cycle({ peopleSince: null }), 3, {}],
    [
      'a later cycle: a message before the reopen',
      false,
      cycle({ seq: 1, startedAt: t(9), peopleSince: t(9) }),
      8,
      {},
    ],
    [
      'a later cycle: at the reopen',
      false,
      cycle({ seq: 1, startedAt: t(9), peopleSince: t(9) }),
      9,
      { waitingSince: t(9) },
    ],
  ])('a customer message: %s', (_, botStarted, current, minute, expected) => {
    expect(customerMessage(botStarted, current, t(minute))).toEqual(expected);
  });

  it.each([
    ['nobody is waiting', cycle(), 3, {}],
    ['before the customer wrote', cycle({ waitingSince: t(4) }), 3, {}],
    [
      'at the customer message',
      cycle({ waitingSince: t(4) }),
      4,
      { firstResponseAt: t(4), firstResponderId: 'u' },
    ],
    [
      'an earlier reply arriving late',
      cycle({ waitingSince: t(1), firstResponseAt: t(6) }),
      3,
      { firstResponseAt: t(3), firstResponderId: 'u' },
    ],
    ['a later reply', cycle({ waitingSince: t(1), firstResponseAt: t(2) }), 3, {}],
  ])('an agent message: %s', (_, current, minute, expected) => {
    expect(agentMessage(current, t(minute), 'u')).toEqual(expected);
  });

  it('a handoff: people from the first one; the bot conversation waits from it in cycle 0 only', () => {
    expect(handoff(true, cycle({ peopleSince: null }), t(3))).toEqual({
      peopleSince: t(3),
      waitingSince: t(3),
    });
    expect(handoff(true, cycle({ peopleSince: t(2), waitingSince: t(2) }), t(3))).toEqual({
      peopleSince: t(2),
      waitingSince: t(2),
    });
    expect(handoff(true, cycle({ seq: 1, startedAt: t(1), peopleSince: t(1) }), t(3))).toEqual({
      peopleSince: t(1),
    });
    expect(handoff(false, cycle(), t(3))).toEqual({ peopleSince: t(0) });
  });

  it('a close: the first one resolves the cycle, by the assignee then', () => {
    expect(close(cycle(), t(5), 'u')).toEqual({ resolvedAt: t(5), resolvedBy: 'u' });
    expect(close(cycle({ resolvedAt: t(5), resolvedBy: 'u' }), t(9), 'v')).toEqual({});
    expect(close(cycle({ resolvedAt: t(5), resolvedBy: 'u' }), t(4), 'v')).toEqual({
      resolvedAt: t(4),
      resolvedBy: 'v',
    });
  });

  it('a late reopen takes over the facts after it', () => {
    const previous = cycle({
      waitingSince: t(12),
      firstResponseAt: t(13),
      firstResponderId: 'u',
      resolvedAt: t(20),
    });
    expect(splitAt(previous, t(10))).toEqual({
      previous: {
        resolvedAt: null,
        resolvedBy: null,
        waitingSince: null,
        firstResponseAt: null,
        firstResponderId: null,
      },
      next: {
        resolvedAt: t(20),
        resolvedBy: null,
        waitingSince: t(12),
        firstResponseAt: t(13),
        firstResponderId: 'u',
      },
    });
    const answeredAcross = cycle({
      waitingSince: t(5),
      firstResponseAt: t(13),
      firstResponderId: 'u',
      resolvedAt: t(8),
    });
    expect(splitAt(answeredAcross, t(10))).toEqual({
      previous: { firstResponseAt: null, firstResponderId: null },
      next: {},
    });
    expect(splitAt(cycle({ waitingSince: t(1), resolvedAt: t(8) }), t(10))).toEqual({
      previous: {},
      next: {},
    });
  });
});
