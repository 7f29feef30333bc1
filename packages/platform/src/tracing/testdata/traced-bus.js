// A tiny traced process for tracing.test.ts (distributed run): an event recorded under a traced
// request, published later outside it (as the outbox relay does), then consumed from RabbitMQ.
const api = require('@opentelemetry/api');
const platform = require('../../../dist/index.js');

async function main() {
  const bus = await platform.RabbitMqBus.connect(
    process.env.AMQP_URL,
    platform.createLogger('traced-bus', 'silent'),
    {
      namespace: `traced${Date.now().toString(36)}`,
      ephemeral: true,
    },
  );
  let consumed;
  await bus.subscribe({ queue: 'traced', bindings: ['traced.#'] }, async () => {
    consumed = true;
  });
  const request = api.trace.getTracer('traced-bus').startSpan('request');
  const headers = api.context.with(api.trace.setSpan(api.context.active(), request), platform.traceHeaders);
  request.end();
  const envelope = {
    id: 'e1',
    type: 'traced.thing',
    orgId: 1,
    occurredAt: new Date().toISOString(),
    data: {},
  };
  await bus.publish([{ envelope, headers: { ...headers, 'x-request-id': 'trace-bus-1' } }]);
  while (!consumed) await new Promise((resolve) => setTimeout(resolve, 10));
  await bus.close();
  await platform.flushTracing();
  process.exit(0);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
