/*
 * The preload that turns tracing on: `node --require @inbox/platform/dist/tracing/register.js`
 * (NODE_OPTIONS in the manifests), so no entry point changes. It runs before the app requires
 * http, express, @grpc/grpc-js, amqplib and pg, which the instrumentations patch as they load.
 * Without OTEL_EXPORTER_OTLP_ENDPOINT it loads nothing: the SDK is two thousand modules.
 */
import type { startTracing } from './sdk';

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  // A synchronous require, and only here: an import at the top would load the SDK when tracing is off.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('./sdk') as { startTracing: typeof startTracing }).startTracing();
}
