import { context, trace } from '@opentelemetry/api';
import { node as sdk } from '@opentelemetry/sdk-node';
import { DurableBus } from '../bus/durable-bus';
import type { Database } from '../db/database';
import { createLogger } from '../logger';
import { openTestDatabase } from '../testing/test-database';
import { traceHeaders } from './propagation';

// The embedded bus has no instrumentation of its own: the trace crosses it in the event's headers.
const exporter = new sdk.InMemorySpanExporter();
const provider = new sdk.NodeTracerProvider({ spanProcessors: [new sdk.SimpleSpanProcessor(exporter)] });
let database: Database;
let bus: DurableBus;

beforeAll(async () => {
  provider.register();
  database = await openTestDatabase();
  bus = await DurableBus.open(database, createLogger('bus-trace-test', 'silent'));
});
afterAll(async () => {
  await bus.close();
  await database.close();
  await provider.shutdown();
});

it('an event recorded in a traced request is consumed in a span of the same trace', async () => {
  let consumedIn: { traceId: string; spanId: string } | undefined;
  await bus.subscribe({ queue: 'traced', bindings: ['traced.#'] }, async () => {
    consumedIn = trace.getActiveSpan()?.spanContext();
  });
  const request = trace.getTracer('test').startSpan('request');
  const headers = context.with(trace.setSpan(context.active(), request), traceHeaders);
  request.end();
  expect(headers.traceparent).toContain(request.spanContext().traceId);

  await bus.publish([
    {
      envelope: { id: 'e1', type: 'traced.thing', orgId: 1, occurredAt: new Date().toISOString(), data: {} },
      headers: { ...headers, 'x-request-id': 'trace-bus-1' },
    },
  ]);
  const deadline = Date.now() + 10_000;
  while (!consumedIn && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));

  expect(consumedIn?.traceId).toBe(request.spanContext().traceId);
  const consumer = exporter.getFinishedSpans().find((span) => span.name === 'traced process');
  expect(consumer?.spanContext().spanId).toBe(consumedIn?.spanId);
  expect(consumer?.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
  expect(consumer?.attributes['inbox.request_id']).toBe('trace-bus-1');
});

it('outside a traced span there is no trace to carry', () => {
  expect(context.with(context.active(), traceHeaders)).toEqual({});
});
