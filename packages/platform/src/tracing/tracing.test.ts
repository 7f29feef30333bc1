import { execFile, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * The preload as the manifests load it (`--require @inbox/platform/dist/tracing/register.js`), in
 * a process of its own, exporting OTLP/JSON to a collector played by this test.
 */
const ROOT = path.resolve(__dirname, '../../../..');
const REGISTER = '@inbox/platform/dist/tracing/register.js';
const APP = path.join(__dirname, 'testdata/traced-app.js');
const BUS_APP = path.join(__dirname, 'testdata/traced-bus.js');

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Array<{ key: string; value: { stringValue?: string } }>;
}
interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ scope: { name: string }; spans: OtlpSpan[] }>;
  }>;
}
const SERVER = 2;
const CLIENT = 3;
const PRODUCER = 4;
const CONSUMER = 5;

/** The dist the preload is loaded from, built as CI builds it (an up-to-date check when it is current). */
async function buildPlatform(): Promise<void> {
  const tsc = require.resolve('typescript/bin/tsc');
  try {
    await promisify(execFile)(process.execPath, [tsc, '-b', 'packages/platform'], { cwd: ROOT });
  } catch (error) {
    // A type error elsewhere still emits JavaScript: only a missing preload fails here.
    if (!fs.existsSync(path.join(ROOT, 'packages/platform/dist/tracing/register.js'))) throw error;
  }
}

/** Runs `args` under node with the preload and `env` (on a clean copy of this one); resolves with stdout. */
function runNode(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const base = { ...process.env };
  for (const name of ['NODE_OPTIONS', 'JEST_WORKER_ID', 'OTEL_EXPORTER_OTLP_ENDPOINT']) delete base[name];
  const child = spawn(process.execPath, ['--require', REGISTER, ...args], {
    cwd: ROOT,
    env: { ...base, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, out })));
}

beforeAll(buildPlatform, 120_000);

it('is off without OTEL_EXPORTER_OTLP_ENDPOINT: the preload loads nothing of the SDK', async () => {
  const count = "Object.keys(require.cache).filter((f) => f.includes('@opentelemetry')).length";
  const { code, out } = await runNode(['-e', `process.stdout.write(String(${count}))`], {});
  expect(code).toBe(0);
  expect(out).toBe('0');
});

/** Runs `app` traced, exporting to a collector played here; resolves with its spans and how it ended. */
async function traced(app: string, env: Record<string, string> = {}) {
  const exports: OtlpExport[] = [];
  const collector = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      if (req.url === '/v1/traces') exports.push(JSON.parse(body) as OtlpExport);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = collector.address() as AddressInfo;
    const run = await runNode([app], {
      OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}`,
      OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
      OTEL_SERVICE_NAME: 'traced-app',
      ...env,
    });
    const resources = exports.flatMap((e) => e.resourceSpans);
    const serviceNames = resources.flatMap((r) =>
      r.resource.attributes.filter((a) => a.key === 'service.name').map((a) => a.value.stringValue),
    );
    const spans = resources.flatMap((r) =>
      r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ ...span, scope: s.scope.name }))),
    );
    return { ...run, serviceNames, spans };
  } finally {
    await new Promise((resolve) => collector.close(resolve));
  }
}

const attribute = (span: OtlpSpan, key: string) => span.attributes.find((a) => a.key === key)?.value;

it('traces an HTTP request through Express and a gRPC call as one trace, tagged with the request id', async () => {
  const { code, out, serviceNames, spans } = await traced(APP);
  expect({ code, out }).toEqual({ code: 0, out: expect.stringContaining('"status":200') });
  expect(new Set(serviceNames)).toEqual(new Set(['traced-app']));
  const one = (scope: string, kind: number) => {
    const found = spans.filter((s) => s.scope.endsWith(scope) && s.kind === kind);
    expect(found.map((s) => s.name)).toHaveLength(1);
    return found[0];
  };
  const httpServer = one('instrumentation-http', SERVER);
  const express = spans.filter((s) => s.scope.endsWith('instrumentation-express'));
  const grpcClient = one('instrumentation-grpc', CLIENT);
  const grpcServer = one('instrumentation-grpc', SERVER);

  // Express names the route template, never the raw path.
  expect(httpServer.name).toBe('GET /echo/:text');
  expect(express.length).toBeGreaterThan(0);
  expect(grpcServer.name).toBe('grpc.test.v1.EchoService/Echo');
  // One trace: the gRPC server's span is a child of the client's, which the HTTP request started.
  for (const span of [...express, grpcClient, grpcServer]) expect(span.traceId).toBe(httpServer.traceId);
  expect(grpcServer.parentSpanId).toBe(grpcClient.spanId);
  expect(attribute(grpcServer, 'inbox.request_id')).toEqual({ stringValue: 'trace-request-1' });
});

(process.env.AMQP_URL ? it : it.skip)(
  'carries the trace of the request that recorded an event through RabbitMQ to its consumer',
  async () => {
    const { code, out, spans } = await traced(BUS_APP, { AMQP_URL: process.env.AMQP_URL as string });
    expect({ code, out }).toEqual({ code: 0, out: '' });
    const request = spans.find((s) => s.name === 'request');
    // The event's publish to the events exchange (subscribing also records the queue's spec for
    // `bus:migrate-queues`, a publish of its own to the default exchange, outside any request).
    const publish = spans.find(
      (s) =>
        s.scope.endsWith('instrumentation-amqplib') &&
        s.kind === PRODUCER &&
        s.name.endsWith('.inbox.events'),
    );
    const consume = spans.find((s) => s.scope.endsWith('instrumentation-amqplib') && s.kind === CONSUMER);
    expect(publish?.traceId).toBe(request?.traceId);
    expect(consume?.traceId).toBe(request?.traceId);
    expect(consume?.parentSpanId).toBe(publish?.spanId);
    expect(attribute(consume!, 'inbox.request_id')).toEqual({ stringValue: 'trace-bus-1' });
  },
);
