import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { sql } from 'drizzle-orm';
import { signCallerToken } from '../context';
import { createLogger } from '../logger';
import { createGrpcClient } from '../grpc/client';
import { startGrpcServer, type RunningGrpcServer } from '../grpc/server';
import { openTestDatabase } from '../testing/test-database';
import type { Database } from './database';

/** Real PostgreSQL only: PGlite (WebAssembly, no timer signals) cannot cancel a running statement. */
const onPostgres = process.env.DATABASE_URL ? describe : describe.skip;

const SECRET = 'y'.repeat(40);
const definition = protoLoader.loadSync(path.join(__dirname, '../grpc/testdata/echo.proto'), {
  defaults: true,
});
const Echo = (grpc.loadPackageDefinition(definition) as any).test.v1
  .EchoService as grpc.ServiceClientConstructor;

interface EchoClient {
  Echo(
    request: { text: string; delayMs: number },
    callback: grpc.requestCallback<{ text: string; orgId: number }>,
  ): grpc.ClientUnaryCall;
}

onPostgres('statements of a gRPC call', () => {
  let database: Database;
  let server: RunningGrpcServer;
  let outcome: Promise<{ code: string; ms: number }>;

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
            implementation: {
              // A slow statement: `delayMs` of pg_sleep.
              Echo: async (req: { text: string; delayMs: number }) => {
                const started = Date.now();
                const run = database.db.execute(sql`select pg_sleep(${req.delayMs / 1000})`);
                outcome = run.then(
                  () => ({ code: 'finished', ms: Date.now() - started }),
                  (e: { code?: string; cause?: { code?: string } }) => ({
                    code: e.cause?.code ?? e.code ?? 'unknown',
                    ms: Date.now() - started,
                  }),
                );
                await run;
                return { text: req.text, orgId: 1 };
              },
              Hello: async () => ({ text: '', orgId: 0 }),
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

  it('are cancelled about when the caller’s deadline passes, not when they would finish', async () => {
    const client = createGrpcClient<EchoClient>(Echo, `127.0.0.1:${server.port}`);
    const token = signCallerToken(SECRET, {
      orgId: 1,
      kind: 'USER',
      principalId: 'u',
      role: 'AGENT',
      userId: 'u',
    });
    try {
      await expect(
        client.call.Echo(
          { text: 'slow', delayMs: 10_000 },
          { callerToken: token, requestId: 'r', deadlineMs: 1_000 },
        ),
      ).rejects.toMatchObject({ code: grpc.status.DEADLINE_EXCEEDED });
      const { code, ms } = await outcome;
      expect(code).toBe('57014'); // query_canceled
      expect(ms).toBeLessThan(3_000);
    } finally {
      client.close();
    }
  });

  it('leave the connection with the pool’s own timeout afterwards', async () => {
    // Outside a call: 1.5 s is well within the default, on the connection the call used.
    await expect(database.db.execute(sql`select pg_sleep(1.5)`)).resolves.toBeDefined();
  });
});
