import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { loadServiceConstructor } from '@inbox/contracts';
import { callerSecrets, signCallerToken, type CallerContext } from '../context';
import { invalid } from '../errors';
import { createLogger } from '../logger';
import { checkHealth, createGrpcClient } from './client';
import { fromServiceError } from './errors';
import { LIVENESS_SERVICE, READINESS_DEADLINE_MS, startGrpcServer, type RunningGrpcServer } from './server';

const SECRET = 'x'.repeat(40);
/** INTERNAL_AUTH_SECRET_PREVIOUS: accepted too, while the secret is rotated. */
const PREVIOUS = 'v'.repeat(40);
const definition = protoLoader.loadSync(path.join(__dirname, 'testdata/echo.proto'), {
  keepCase: false,
  defaults: true,
});
const Echo = (grpc.loadPackageDefinition(definition) as any).test.v1
  .EchoService as grpc.ServiceClientConstructor;
const Health = loadServiceConstructor('grpc.health.v1.Health');

interface EchoClient {
  Echo(
    r: { text: string; delayMs?: number },
    cb: grpc.requestCallback<{ text: string; orgId: number }>,
  ): grpc.ClientUnaryCall;
  Hello(r: { text: string }, cb: grpc.requestCallback<{ text: string; orgId: number }>): grpc.ClientUnaryCall;
}

let server: RunningGrpcServer;
let ready = true;
/** A readiness check that never answers (a database that accepts connections but answers nothing). */
let hang = false;
const address = () => `127.0.0.1:${server.port}`;
const user: Omit<CallerContext, 'requestId'> = {
  orgId: 7,
  kind: 'USER',
  principalId: 'u1',
  role: 'AGENT',
  userId: 'u1',
};
const anonymous: Omit<CallerContext, 'requestId'> = {
  orgId: 0,
  kind: 'ANONYMOUS',
  principalId: '',
  role: null,
  userId: null,
};

beforeAll(async () => {
  server = await startGrpcServer(
    {
      logger: createLogger('test', 'silent'),
      internalAuthSecret: callerSecrets(SECRET, PREVIOUS),
      readiness: () => (hang ? new Promise<boolean>(() => undefined) : Promise.resolve(ready)),
      services: [
        {
          definition: Echo.service,
          anonymousMethods: ['Hello'],
          implementation: {
            Echo: async (req: { text: string; delayMs: number }, caller: CallerContext) => {
              if (req.text === 'bad')
                throw invalid('VALIDATION_FAILED', 'bad text', [{ path: 'text', message: 'not that' }]);
              if (req.text === 'crash') throw new Error('secret detail');
              await new Promise((r) => setTimeout(r, req.delayMs));
              return { text: req.text, orgId: caller.orgId };
            },
            Hello: async (req: { text: string }) => ({ text: req.text, orgId: 0 }),
          },
        },
      ],
    },
    '127.0.0.1:0',
  );
});
afterAll(() => server.shutdown(1000));

const call = (
  method: 'Echo' | 'Hello',
  request: { text: string; delayMs?: number },
  token?: string,
  deadlineMs?: number,
) => {
  const client = createGrpcClient<EchoClient>(Echo, address());
  const fn = client.call[method] as (
    r: object,
    o: { callerToken: string; requestId: string; deadlineMs?: number },
  ) => Promise<any>;
  return fn(request, { callerToken: token ?? '', requestId: 'r1', deadlineMs }).finally(() => client.close());
};

it('passes the verified caller to the implementation', async () => {
  await expect(call('Echo', { text: 'hi' }, signCallerToken(SECRET, user))).resolves.toEqual({
    text: 'hi',
    orgId: 7,
  });
});

it('accepts a caller signed with the previous secret while it is rotated', async () => {
  await expect(call('Echo', { text: 'hi' }, signCallerToken(PREVIOUS, user))).resolves.toEqual({
    text: 'hi',
    orgId: 7,
  });
});

it.each([
  ['no caller context', undefined],
  ['a context signed with another secret', signCallerToken('y'.repeat(40), user)],
  ['an anonymous caller on a method that needs a principal', signCallerToken(SECRET, anonymous)],
])('refuses %s', async (_name, token) => {
  await expect(call('Echo', { text: 'hi' }, token ?? '')).rejects.toMatchObject({
    code: grpc.status.UNAUTHENTICATED,
  });
});

it('lets anonymous callers reach the methods declared for them', async () => {
  await expect(call('Hello', { text: 'hey' }, signCallerToken(SECRET, anonymous))).resolves.toMatchObject({
    text: 'hey',
  });
});

it('maps domain errors to a status with the machine code and fields, and hides unexpected ones', async () => {
  const token = signCallerToken(SECRET, user);
  const bad = await call('Echo', { text: 'bad' }, token).catch((e) => fromServiceError(e));
  expect(bad).toMatchObject({
    httpStatus: 400,
    code: 'VALIDATION_FAILED',
    fields: [{ path: 'text', message: 'not that' }],
  });
  const crash = await call('Echo', { text: 'crash' }, token).catch((e) => fromServiceError(e));
  expect(crash).toMatchObject({ httpStatus: 500, message: 'Internal error' });
  expect(JSON.stringify(crash)).not.toContain('secret detail');
});

it('enforces the caller deadline', async () => {
  const error = await call('Echo', { text: 'slow', delayMs: 500 }, signCallerToken(SECRET, user), 100).catch(
    (e) => e,
  );
  expect(error.code).toBe(grpc.status.DEADLINE_EXCEEDED);
});

it('answers NOT_SERVING when readiness does not answer within its deadline, before the probe gives up', async () => {
  hang = true;
  try {
    const started = Date.now();
    expect(await checkHealth(Health, address(), READINESS_DEADLINE_MS + 3000)).toEqual({
      serving: false,
      detail: 'NOT_SERVING',
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(READINESS_DEADLINE_MS - 50);
  } finally {
    hang = false;
  }
});

it('reports readiness through grpc.health.v1, while liveness stays SERVING', async () => {
  expect(await checkHealth(Health, address())).toEqual({ serving: true, detail: 'SERVING' });
  ready = false;
  expect(await checkHealth(Health, address())).toEqual({ serving: false, detail: 'NOT_SERVING' });
  const liveness = await new Promise<{ status: string }>((resolve, reject) => {
    const client = new Health(address(), grpc.credentials.createInsecure()) as any;
    client.Check(
      { service: LIVENESS_SERVICE },
      (e: Error | null, r: { status: string }) => (client.close(), e ? reject(e) : resolve(r)),
    );
  });
  expect(liveness.status).toBe('SERVING');
  ready = true;
});
