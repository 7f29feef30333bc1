import http from 'node:http';
import express from 'express';
import { CONTEXT_METADATA, signCallerToken } from '../context';
import { createLogger } from '../logger';
import { startInternalHttp, type RunningHttp } from './internal-server';

const SECRET = 'internal-secret-for-this-test-0123456789';

/** GET a path with a signed caller; resolves with the status and whether the body ended cleanly. */
function download(port: number, path: string): Promise<{ status: number; body: string; complete: boolean }> {
  const token = signCallerToken(SECRET, {
    orgId: 1,
    kind: 'USER',
    principalId: 'u1',
    role: 'ADMIN',
    userId: 'u1',
  });
  return new Promise((resolve, reject) => {
    const req = http.get({ port, path, headers: { [CONTEXT_METADATA]: token } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, complete: res.complete }));
      res.on('error', () => resolve({ status: res.statusCode ?? 0, body, complete: false }));
      res.on('aborted', () => resolve({ status: res.statusCode ?? 0, body, complete: false }));
    });
    req.on('error', reject);
  });
}

describe('internal HTTP errors', () => {
  let server: RunningHttp;
  beforeAll(async () => {
    const router = express.Router();
    router.get('/file', (_req, res, next) => {
      res.setHeader('content-type', 'text/csv');
      res.write('phone\r\n+525512345678\r\n');
      // A failure after the first bytes (a database error while reading the next page).
      setTimeout(() => next(new Error('the next page could not be read')), 20);
    });
    router.get('/refused', (_req, _res, next) => next(new Error('boom')));
    server = await startInternalHttp(express(), {
      routers: [router],
      internalAuthSecret: SECRET,
      logger: createLogger('test', 'silent'),
      port: 0,
      host: '127.0.0.1',
    });
  });
  afterAll(() => server.stop());

  it('cuts the connection when a file fails after its first bytes, so it never looks whole', async () => {
    const answer = await download(server.port, '/internal/file');
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('+525512345678');
    expect(answer.complete).toBe(false);
  });

  it('answers a problem document when nothing was sent yet', async () => {
    const answer = await download(server.port, '/internal/refused');
    expect(answer.status).toBe(500);
    expect(JSON.parse(answer.body)).toMatchObject({ code: 'INTERNAL' });
    expect(answer.complete).toBe(true);
  });
});
