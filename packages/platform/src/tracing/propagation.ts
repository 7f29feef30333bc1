import { context, propagation, ROOT_CONTEXT, SpanKind, trace } from '@opentelemetry/api';

/*
 * The trace across the bus. Events are recorded in a transaction and published later by the
 * outbox relay, outside the request: the request's trace travels in the event's headers
 * (`traceparent`), and the publish and the consumption run in it. Without the SDK (tracing off)
 * every call here is a no-op of the API package.
 */

/** The active trace as headers to store with an event (empty when tracing is off or nothing is traced). */
export function traceHeaders(): Record<string, string> {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier;
}

/** Runs `work` in the trace an event's headers carry (its publish span joins the request's trace). */
export function inTraceOf<T>(headers: Record<string, string> | undefined, work: () => T): T {
  if (!headers?.traceparent) return work();
  return context.with(propagation.extract(ROOT_CONTEXT, headers), work);
}

const tracer = () => trace.getTracer('@inbox/platform');

/**
 * A consumer span around one delivery of a bus without its own instrumentation (the embedded
 * durable bus; RabbitMQ's consumers get theirs from the amqplib instrumentation).
 */
export function consumeSpan<T>(
  queue: string,
  headers: Record<string, string>,
  work: () => Promise<T>,
): Promise<T> {
  // Without a recorded trace a delivery starts its own, whichever publish woke the consumer.
  return tracer().startActiveSpan(
    `${queue} process`,
    { kind: SpanKind.CONSUMER, attributes: { 'messaging.destination.name': queue } },
    propagation.extract(ROOT_CONTEXT, headers),
    (span) => work().finally(() => span.end()),
  );
}

export const REQUEST_ID_ATTRIBUTE = 'inbox.request_id';

/** Tags the active span (the HTTP request's, the gRPC call's, the delivery's) with the request id. */
export function tagActiveSpan(requestId: string): void {
  trace.getActiveSpan()?.setAttribute(REQUEST_ID_ATTRIBUTE, requestId);
}
