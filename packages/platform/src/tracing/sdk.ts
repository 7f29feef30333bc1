import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { GrpcInstrumentation } from '@opentelemetry/instrumentation-grpc';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { REQUEST_ID_METADATA } from '../context';
import { setTracingShutdown } from './flush';

/** Probes answer every few seconds on every pod: a trace each would bury the requests. */
const PROBE_PATH = /^\/(?:metrics|(?:.*\/)?(?:health|ready))(?:[?#]|$)/;

/**
 * Starts the OpenTelemetry Node SDK for traces, configured by the standard variables:
 * OTEL_EXPORTER_OTLP_ENDPOINT, OTEL_EXPORTER_OTLP_PROTOCOL (http/protobuf by default, or http/json,
 * grpc), OTEL_SERVICE_NAME, OTEL_TRACES_SAMPLER… Metrics stay prom-client's (/metrics) and logs
 * pino's (stdout), so the SDK's own metric and log exporters are left off.
 */
export function startTracing(): NodeSDK {
  const sdk = new NodeSDK({
    metricReaders: [],
    logRecordProcessors: [],
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (request) => PROBE_PATH.test(request.url ?? ''),
      }),
      new ExpressInstrumentation(),
      new GrpcInstrumentation({
        // grpc.health.v1 Check and Watch: Kubernetes' probes and the gateway's readiness checks.
        ignoreGrpcMethods: ['Check', 'Watch'],
        metadataToSpanAttributes: {
          client: { requestMetadata: [REQUEST_ID_METADATA] },
          server: { requestMetadata: [REQUEST_ID_METADATA] },
        },
      }),
      new AmqplibInstrumentation(),
      // Only queries made for a traced request or event: the pollers (outbox relays) would each make a trace.
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  setTracingShutdown(() => sdk.shutdown());
  // A process that ends on its own (a CLI) flushes too; one that calls process.exit uses flushTracing().
  process.once('beforeExit', () => void sdk.shutdown().catch(() => undefined));
  return sdk;
}
