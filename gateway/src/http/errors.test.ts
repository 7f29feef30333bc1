import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type * as grpc from '@grpc/grpc-js';
import express, { type NextFunction, type Request, type Response } from 'express';
import { createLogger, DomainError, toServiceError } from '@inbox/platform';
import { respondWithError } from './errors';

const logger = createLogger('gateway-errors-test', 'silent');

/** What a gRPC client rejects with when the service threw `error`. */
const serviceErrorOf = (error: DomainError) =>
  Object.assign(new Error(error.message), toServiceError(error, logger)) as unknown as grpc.ServiceError;

/** A gateway route whose service call failed with `error`, answered by the gateway's problem writer. */
async function answerTo(error: unknown) {
  const app = express();
  app.get('/x', () => {
    throw error;
  });
  app.use((err: unknown, req: Request, res: Response, _next: NextFunction) =>
    respondWithError(err, req, res, logger),
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/x`);
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

describe('problems from a service’s DomainError details', () => {
  it('carry its extension members and a Retry-After from its retry time', async () => {
    const next = new Date(Date.now() + 3_600_000);
    const answer = await answerTo(
      serviceErrorOf(
        new DomainError(
          'conflict',
          'EDIT_LIMIT',
          'An approved template can be edited once every 24 hours',
          [],
          {
            members: { nextEditAllowedAt: next.toISOString(), editLimit: '24_HOURS', code: 'FORGED' },
            retryAt: next,
          },
        ),
      ),
    );

    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({
      code: 'EDIT_LIMIT',
      status: 409,
      nextEditAllowedAt: next.toISOString(),
      editLimit: '24_HOURS',
    });
    expect(Number(answer.retryAfter)).toBeGreaterThan(3_500);
  });

  it('add nothing when the error has no details', async () => {
    const answer = await answerTo(serviceErrorOf(new DomainError('conflict', 'INVALID_TRANSITION', 'no')));

    expect(answer.retryAfter).toBeNull();
    expect(Object.keys(answer.body as object).sort()).toEqual([
      'code',
      'detail',
      'errors',
      'status',
      'title',
      'type',
    ]);
  });
});
