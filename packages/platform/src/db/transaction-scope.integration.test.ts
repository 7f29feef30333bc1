import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { createGrpcClient } from '../grpc/client';
import { startGrpcServer, type RunningGrpcServer } from '../grpc/server';
import { createLogger } from '../logger';
import { signCallerToken } from '../context';
import { openTestDatabase } from '../testing/test-database';
import type { Database } from './database';
import {
  assertOutsideTransaction,
  detachFromTransaction,
  inTransaction,
  RemoteCallInTransactionError,
} from './transaction-scope';

// A real gRPC server and a real database (PGlite, or PostgreSQL with DATABASE_URL): the guard is
// exercised through the same transaction wrapper and client helper the services use.
const SECRET = 'x'.repeat(40);
const definition = protoLoader.loadSync(path.join(__dirname, '../grpc/testdata/echo.proto'), {
  defaults: true,
});
const Echo = (grpc.loadPackageDefinition(definition) as any).test.v1
  .EchoService as grpc.ServiceClientConstructor;

type EchoCall = (r: { text: string }, o: { callerToken: string; requestId: string }) => Promise<unknown>;

let database: Database;
let server: RunningGrpcServer;
const received: string[] = [];

beforeAll(async () => {
  database = await openTestDatabase();
  server = await startGrpcServer(
    {
      logger: createLogger('test', 'silent'),
      internalAuthSecret: SECRET,
      readiness: async () => true,
      services: [
        {
          definition: Echo.service,
          anonymousMethods: [],
          implementation: {
            Echo: async (req: { text: string }) => {
              received.push(req.text);
              return { text: req.text, orgId: 1 };
            },
            Hello: async (req: { text: string }) => ({ text: req.text, orgId: 0 }),
          },
        },
      ],
    },
    '127.0.0.1:0',
  );
});
afterAll(async () => {
  await server.shutdown(1000);
  await database.close();
});

const echo = async (text: string) => {
  const client = createGrpcClient<Record<string, never>>(Echo, `127.0.0.1:${server.port}`);
  const token = signCallerToken(SECRET, {
    orgId: 1,
    kind: 'USER',
    principalId: 'u',
    role: 'ADMIN',
    userId: 'u',
  });
  try {
    return await (client.call as unknown as { Echo: EchoCall }).Echo(
      { text },
      { callerToken: token, requestId: 'r' },
    );
  } finally {
    client.close();
  }
};

it('lets a gRPC call through outside a transaction', async () => {
  await expect(echo('outside')).resolves.toMatchObject({ text: 'outside' });
  expect(received).toContain('outside');
});

it('refuses a gRPC call inside a transaction before it leaves the process', async () => {
  const attempt = database.db.transaction(async () => echo('inside'));
  await expect(attempt).rejects.toBeInstanceOf(RemoteCallInTransactionError);
  await expect(attempt).rejects.toThrow('gRPC EchoService.Echo called inside a database transaction');
  expect(received).not.toContain('inside');
});

it('covers savepoints and ends with the transaction', async () => {
  await database.db.transaction(async (tx) => {
    await tx.transaction(async () => expect(inTransaction()).toBe(true));
    expect(inTransaction()).toBe(true);
  });
  expect(inTransaction()).toBe(false);
  expect(() => assertOutsideTransaction('anything')).not.toThrow();
});

it('does not follow work that outlives the transaction or is detached from it', async () => {
  let later: Promise<boolean> | undefined;
  let detached: Promise<boolean> | undefined;
  await database.db.transaction(async () => {
    // Scheduled inside, run after the commit: the transaction is over by then.
    later = new Promise((resolve) => setTimeout(() => resolve(inTransaction()), 20));
    // Started inside, runs while the transaction is still open, but is not part of it.
    detached = detachFromTransaction(
      () => new Promise((resolve) => setImmediate(() => resolve(inTransaction()))),
    );
    await detached;
  });
  await expect(later).resolves.toBe(false);
  await expect(detached).resolves.toBe(false);
});
