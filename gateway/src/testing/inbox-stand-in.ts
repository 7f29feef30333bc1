import { DomainError, type CallerContext } from '@inbox/platform';
import { connectInbox } from '../clients';
import { startStandInGateway, type StandInCall } from './stand-in-gateway';

/** API keys the stand-in directory knows: an Admin's and an Agent's, of organization 1. */
export const ADMIN_KEY = 'ibx_admin_key';
export const AGENT_KEY = 'ibx_agent_key';

export type InboxStandInHandler = (request: never, caller: CallerContext) => Promise<unknown>;
export type InboxReceived = StandInCall;

/** The gateway in front of a stand-in inbox whose methods answer what a test sets in `handlers`. */
const startInboxStandIn = (handlers: Record<string, InboxStandInHandler | undefined>) =>
  startStandInGateway({
    service: 'inbox.v1.InboxService',
    keys: { admin: ADMIN_KEY, agent: AGENT_KEY },
    orgId: 1,
    connect: connectInbox,
    contextKey: 'inbox',
    answer: async (method, request, caller) => {
      const handler = handlers[method];
      if (!handler) throw new DomainError('unavailable', 'NOT_IN_STAND_IN', `${method} is not stood in`);
      return handler(request, caller);
    },
  });

export interface InboxAnswer {
  status: number;
  body: (Record<string, unknown> & { errors?: Array<{ path: string; message: string }> }) | undefined;
}

/**
 * The gateway and the stand-in inbox for one test file. A test sets the answers it needs
 * (`answers.GetJob = …`), forgotten before the next; `call` sends as the Agent unless `key` says otherwise.
 */
export function inboxGatewayForTestFile() {
  const answers: Record<string, InboxStandInHandler | undefined> = {};
  let standIn: Awaited<ReturnType<typeof startInboxStandIn>>;
  beforeAll(async () => {
    standIn = await startInboxStandIn(answers);
  });
  afterAll(() => standIn.stop());
  beforeEach(() => {
    standIn.received.length = 0;
    for (const method of Object.keys(answers)) delete answers[method];
  });
  const call = async (
    method: string,
    path: string,
    init: { key?: string; body?: unknown; raw?: string } = {},
  ): Promise<InboxAnswer> => {
    const key = init.key ?? AGENT_KEY;
    const json = init.body !== undefined || init.raw !== undefined;
    const res = await fetch(`${standIn.url}${path}`, {
      method,
      headers: {
        ...(key ? { 'x-api-key': key } : {}),
        ...(json ? { 'content-type': 'application/json' } : {}),
      },
      body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
    });
    const text = await res.text();
    return { status: res.status, body: text ? (JSON.parse(text) as InboxAnswer['body']) : undefined };
  };
  return {
    answers,
    call,
    received: () => standIn.received,
    methods: () => standIn.received.map((r) => r.method),
  };
}
