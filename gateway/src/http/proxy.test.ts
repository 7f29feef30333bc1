import http from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { CONTEXT_METADATA, createLogger, sendProblem } from '@inbox/platform';
import { createForwarder, type ForwardTarget } from './proxy';

// A service's internal HTTP port: JSON in its own shape, problems, files, and a runaway answer.
function startService() {
  const app = express();
  app.post('/internal/things', (req, res) => {
    res.status(201).json({ id: 't1', contentJson: '{"a":1}', caller: req.get(CONTEXT_METADATA) });
  });
  app.post('/internal/too-large', (_req, res) => {
    res.set('Connection', 'close');
    sendProblem(res, { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'At most 5 bytes' });
  });
  app.get('/internal/file', (_req, res) => {
    res.type('image/png').send(Buffer.from('png bytes'));
  });
  app.post('/internal/huge', (_req, res) => {
    res.json({ filler: 'x'.repeat(2 * 1024 * 1024) });
  });
  // Like a service's upload route: the caller context is checked before a byte of the body is read,
  // a body over the limit is drained and refused.
  app.post('/internal/upload', (req, res) => {
    if (req.get(CONTEXT_METADATA) !== 'signed') {
      res.set('Connection', 'close');
      sendProblem(res, { status: 401, code: 'UNAUTHENTICATED', detail: 'Caller context missing' });
      return;
    }
    let size = 0;
    req.on('data', (chunk: Buffer) => (size += chunk.length));
    req.on('end', () => {
      if (size > UPLOAD_LIMIT)
        sendProblem(res, { status: 413, code: 'PAYLOAD_TOO_LARGE', detail: 'Too large' });
      else res.status(201).json({ size, expect: req.get('expect') ?? null });
    });
  });
  const server = http.createServer(app);
  return new Promise<http.Server>((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

const UPLOAD_LIMIT = 5 * 1024 * 1024;

/** A raw request as curl sends a large body: headers first, the body only after `100 Continue`. */
function postExpectingContinue(url: string, body: Buffer) {
  return new Promise<{ status: number; continued: boolean; body: unknown }>((resolve, reject) => {
    const req = http.request(url, {
      method: 'POST',
      headers: {
        expect: '100-continue',
        'content-type': 'application/octet-stream',
        'content-length': body.length,
      },
    });
    let continued = false;
    req.on('continue', () => {
      continued = true;
      req.end(body);
    });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, continued, body: text ? JSON.parse(text) : null });
        if (!continued) req.destroy();
      });
    });
    req.on('error', reject);
  });
}

const toRest = (body: unknown) => {
  const { contentJson, ...rest } = body as { contentJson: string };
  return { ...rest, content: JSON.parse(contentJson) as unknown };
};

let service: http.Server;
let gateway: http.Server;
let base: string;

beforeAll(async () => {
  service = await startService();
  const forward = createForwarder(
    `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
    createLogger('proxy-test', 'silent'),
  );
  const app = express();
  app.all('/api/{*rest}', (req, res) => {
    const path = req.path.replace(/^\/api/, '/internal');
    const callerToken = req.query.forged ? 'forged' : 'signed';
    const target: ForwardTarget = { path, callerToken, requestId: 'r1' };
    if (req.query.convert) target.answer = toRest;
    forward(req, res, target).catch((error: Error) => {
      res.status(500).json({ failed: error.message });
    });
  });
  gateway = http.createServer(app);
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/api`;
});

afterAll(async () => {
  gateway.closeAllConnections();
  service.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
  await new Promise((resolve) => service.close(resolve));
});

describe('forwarding to a service', () => {
  it('converts a JSON answer with the route’s converter, keeping the status', async () => {
    const res = await fetch(`${base}/things?convert=1`, { method: 'POST' });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(await res.json()).toEqual({ id: 't1', caller: 'signed', content: { a: 1 } });
  });

  it('passes a JSON answer through untouched when the route has no converter', async () => {
    const res = await fetch(`${base}/things`, { method: 'POST' });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ id: 't1', contentJson: '{"a":1}', caller: 'signed' });
  });

  it('passes a problem through as the service wrote it, even on a converting route', async () => {
    const res = await fetch(`${base}/too-large?convert=1`, { method: 'POST' });
    expect(res.status).toBe(413);
    expect(res.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(await res.json()).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      detail: 'At most 5 bytes',
    });
  });

  it('streams a file through', async () => {
    const res = await fetch(`${base}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await res.arrayBuffer()).toString()).toBe('png bytes');
  });

  it('fails the call, instead of passing it on, when the service refuses the caller context', async () => {
    for (const convert of ['', '&convert=1']) {
      const res = await fetch(`${base}/upload?forged=1${convert}`, { method: 'POST', body: 'x' });
      expect(res.status).toBe(500);
      expect(await res.json()).toEqual({ failed: expect.stringMatching(/refused the caller context.*401/) });
    }
  });

  it('fails, instead of buffering, an answer over the bound', async () => {
    const res = await fetch(`${base}/huge?convert=1`, { method: 'POST' });
    expect(res.status).toBe(500);
    expect(await res.json()).toEqual({ failed: expect.stringMatching(/over 1048576 bytes/) });
  });
});

describe('a client that waits for 100 Continue', () => {
  it.each([
    ['a small body', 71, 201, { size: 71, expect: null }],
    ['a body over a megabyte', 1_200_000, 201, { size: 1_200_000, expect: null }],
    ['a body over the service’s limit', UPLOAD_LIMIT + 1024 * 1024, 413, { code: 'PAYLOAD_TOO_LARGE' }],
  ])(
    'is told to continue, and %s reaches the service with the caller context',
    async (_name, size, status, answer) => {
      const res = await postExpectingContinue(`${base}/upload`, Buffer.alloc(size, 7));
      expect(res.continued).toBe(true);
      expect(res.status).toBe(status);
      expect(res.body).toMatchObject(answer);
    },
  );
});
