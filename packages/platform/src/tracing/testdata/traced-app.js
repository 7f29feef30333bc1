// A tiny traced process for tracing.test.ts, started with `--require .../tracing/register.js`:
// an Express app whose one route calls a gRPC service of the platform's server, then one request
// to it through Node's http client, then the spans flushed before the exit.
const http = require('node:http');
const path = require('node:path');
const { once } = require('node:events');
const grpc = require('@grpc/grpc-js');
const protoLoader = require('@grpc/proto-loader');
const express = require('express');
const platform = require('../../../dist/index.js');

const SECRET = 'x'.repeat(40);
const USER = { orgId: 7, kind: 'USER', principalId: 'u1', role: 'AGENT', userId: 'u1' };

function get(port, requestPath, headers) {
  return new Promise((resolve, reject) => {
    http
      .get({ host: '127.0.0.1', port, path: requestPath, headers }, (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      })
      .on('error', reject);
  });
}

async function main() {
  const definition = protoLoader.loadSync(path.join(__dirname, '../../grpc/testdata/echo.proto'), {
    keepCase: false,
    defaults: true,
  });
  const Echo = grpc.loadPackageDefinition(definition).test.v1.EchoService;
  const server = await platform.startGrpcServer(
    {
      logger: platform.createLogger('traced-app', 'silent'),
      internalAuthSecret: SECRET,
      readiness: async () => true,
      services: [
        {
          definition: Echo.service,
          implementation: {
            Echo: async (request, caller) => ({ text: request.text, orgId: caller.orgId }),
            Hello: async (request) => ({ text: request.text, orgId: 0 }),
          },
        },
      ],
    },
    '127.0.0.1:0',
  );
  const echo = platform.createGrpcClient(Echo, `127.0.0.1:${server.port}`);
  const callerToken = platform.signCallerToken(SECRET, USER);

  const app = express();
  app.get('/echo/:text', async (req, res) => {
    const requestId = req.get('x-request-id');
    const answer = await platform.runWithRequestId(requestId, () =>
      echo.call.Echo({ text: req.params.text }, { callerToken, requestId }),
    );
    res.json(answer);
  });
  const listener = app.listen(0, '127.0.0.1');
  await once(listener, 'listening');

  const answer = await get(listener.address().port, '/echo/hello', { 'x-request-id': 'trace-request-1' });
  process.stdout.write(`${JSON.stringify(answer)}\n`);

  listener.close();
  echo.close();
  await server.shutdown(1_000);
  await platform.flushTracing();
  process.exit(answer.status === 200 ? 0 : 1);
}

main().catch((error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
