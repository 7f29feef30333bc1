import {
  transition,
  type ConversationAction,
  type ConversationState,
  type ConversationStatus,
} from './conversation-state';

const A = 'agent-a';
const B = 'agent-b';
const s = (status: ConversationStatus, assignedTo: string | null = null): ConversationState => ({
  status,
  assignedTo,
});

describe('conversation state machine', () => {
  it.each<[string, ConversationState, ConversationAction, string | null, ConversationState]>([
    ['takeover from the bot', s('BOT_HANDLING'), 'takeover', A, s('HUMAN_HANDLING', A)],
    ['takeover of an open one', s('OPEN'), 'takeover', A, s('HUMAN_HANDLING', A)],
    [
      'takeover while waiting for the customer',
      s('WAITING_FOR_CUSTOMER', B),
      'takeover',
      A,
      s('HUMAN_HANDLING', A),
    ],
    ['takeover from a colleague', s('HUMAN_HANDLING', B), 'takeover', A, s('HUMAN_HANDLING', A)],
    ['assign from the bot', s('BOT_HANDLING'), 'assign', A, s('HUMAN_HANDLING', A)],
    ['assign an open one', s('OPEN'), 'assign', A, s('HUMAN_HANDLING', A)],
    [
      'reassign while waiting keeps waiting',
      s('WAITING_FOR_CUSTOMER', A),
      'assign',
      B,
      s('WAITING_FOR_CUSTOMER', B),
    ],
    ['unassign a handled one', s('HUMAN_HANDLING', A), 'unassign', null, s('OPEN')],
    ['unassign while waiting', s('WAITING_FOR_CUSTOMER', A), 'unassign', null, s('OPEN')],
    ['unassign while the bot handles keeps the bot', s('BOT_HANDLING'), 'unassign', null, s('BOT_HANDLING')],
    ['an agent replies', s('HUMAN_HANDLING', A), 'agent_message', A, s('WAITING_FOR_CUSTOMER', A)],
    ['an agent writes into an open one', s('OPEN'), 'agent_message', A, s('OPEN')],
    [
      'the customer answers an assigned agent',
      s('WAITING_FOR_CUSTOMER', A),
      'customer_message',
      null,
      s('HUMAN_HANDLING', A),
    ],
    ['the customer answers, nobody assigned', s('WAITING_FOR_CUSTOMER'), 'customer_message', null, s('OPEN')],
    ['the customer writes to the bot', s('BOT_HANDLING'), 'customer_message', null, s('BOT_HANDLING')],
    ['return to the bot', s('HUMAN_HANDLING', A), 'return_to_bot', null, s('BOT_HANDLING')],
    ['resolve keeps the assignee for reopening', s('HUMAN_HANDLING', A), 'resolve', null, s('CLOSED', A)],
    ['resolve a bot conversation', s('BOT_HANDLING'), 'resolve', null, s('CLOSED')],
    ['reopen with an assignee', s('CLOSED', A), 'reopen', null, s('HUMAN_HANDLING', A)],
    ['reopen without an assignee', s('CLOSED'), 'reopen', null, s('OPEN')],
  ])('%s', (_name, from, action, user, to) => expect(transition(from, action, user)).toEqual(to));

  it.each<[ConversationState, ConversationAction, string | null]>([
    [s('CLOSED'), 'takeover', A],
    [s('CLOSED'), 'assign', A],
    [s('CLOSED'), 'unassign', null],
    [s('CLOSED'), 'agent_message', A],
    [s('CLOSED'), 'customer_message', null],
    [s('CLOSED'), 'return_to_bot', null],
    [s('CLOSED'), 'resolve', null],
    [s('OPEN'), 'reopen', null],
    [s('HUMAN_HANDLING', A), 'reopen', null],
    [s('HUMAN_HANDLING', A), 'takeover', A],
  ])('refuses %j %s', (from, action, user) => {
    expect(() => transition(from, action, user)).toThrow(
      expect.objectContaining({ kind: 'conflict', code: 'INVALID_TRANSITION' }),
    );
  });
});
