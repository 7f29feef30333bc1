import { CONVERSATION_STATUSES, type ConversationStatus } from '@inbox/contracts';
import { DomainError } from '@inbox/platform';

// The statuses are the gateway's too: defined in @inbox/contracts, their rules here.
export { CONVERSATION_STATUSES, type ConversationStatus };

/** What can happen to a conversation. Each maps the current state to the next, or refuses. */
export type ConversationAction =
  | 'takeover'
  | 'assign'
  | 'unassign'
  | 'agent_message'
  | 'customer_message'
  | 'return_to_bot'
  | 'handoff'
  | 'resolve'
  | 'reopen';

export interface ConversationState {
  status: ConversationStatus;
  assignedTo: string | null;
}

const ACTIVE: ReadonlySet<ConversationStatus> = new Set([
  'BOT_HANDLING',
  'HUMAN_HANDLING',
  'OPEN',
  'WAITING_FOR_CUSTOMER',
]);
export const isActive = (status: string): boolean => ACTIVE.has(status as ConversationStatus);

export const invalidTransition = (action: ConversationAction, from: ConversationStatus) =>
  new DomainError(
    'conflict',
    'INVALID_TRANSITION',
    `Cannot ${action.replace(/_/g, ' ')} a conversation that is ${from}`,
  );

/**
 * The conversation state machine of DESIGN §7 as one pure function: the next state, or an
 * INVALID_TRANSITION conflict. `userId` is the agent taking over or being assigned.
 */
export function transition(
  state: ConversationState,
  action: ConversationAction,
  userId: string | null = null,
): ConversationState {
  const { status, assignedTo } = state;
  const refuse = () => {
    throw invalidTransition(action, status);
  };
  switch (action) {
    case 'takeover':
      if (status === 'BOT_HANDLING' || status === 'OPEN' || status === 'WAITING_FOR_CUSTOMER')
        return { status: 'HUMAN_HANDLING', assignedTo: userId };
      if (status === 'HUMAN_HANDLING' && assignedTo !== userId) return { status, assignedTo: userId };
      return refuse();
    case 'assign':
      if (!isActive(status)) return refuse();
      return {
        status: status === 'BOT_HANDLING' || status === 'OPEN' ? 'HUMAN_HANDLING' : status,
        assignedTo: userId,
      };
    case 'unassign':
      if (!isActive(status)) return refuse();
      return {
        status: status === 'HUMAN_HANDLING' || status === 'WAITING_FOR_CUSTOMER' ? 'OPEN' : status,
        assignedTo: null,
      };
    case 'agent_message':
      if (!isActive(status)) return refuse();
      return { status: status === 'HUMAN_HANDLING' ? 'WAITING_FOR_CUSTOMER' : status, assignedTo };
    case 'customer_message':
      if (status === 'WAITING_FOR_CUSTOMER')
        return { status: assignedTo ? 'HUMAN_HANDLING' : 'OPEN', assignedTo };
      if (!isActive(status)) return refuse();
      return state;
    case 'return_to_bot':
      if (!isActive(status)) return refuse();
      return { status: 'BOT_HANDLING', assignedTo: null };
    case 'handoff':
      // The bot hands over: to the agent routing chose, or to the team's queue (OPEN).
      if (status !== 'BOT_HANDLING') return refuse();
      return { status: userId ? 'HUMAN_HANDLING' : 'OPEN', assignedTo: userId };
    case 'resolve':
      if (!isActive(status)) return refuse();
      return { status: 'CLOSED', assignedTo };
    case 'reopen':
      if (status !== 'CLOSED') return refuse();
      return { status: assignedTo ? 'HUMAN_HANDLING' : 'OPEN', assignedTo };
  }
}

/** The status a new conversation starts in when a customer writes. */
export const initialStatus = (botEnabled: boolean): ConversationStatus =>
  botEnabled ? 'BOT_HANDLING' : 'OPEN';

/**
 * A conversation a template send starts: the business wrote first and waits for the customer, and
 * nobody is assigned, so the reply (→ OPEN) reaches whoever is on duty, not only the sender.
 */
export const TEMPLATE_START: ConversationState = { status: 'WAITING_FOR_CUSTOMER', assignedTo: null };
