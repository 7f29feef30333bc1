'use strict';
/**
 * Container health check for images without curl or a gRPC probe binary:
 *   node deploy/docker/healthcheck.js http://127.0.0.1:8080/api/v1/health  healthy on a 2xx answer
 *   node deploy/docker/healthcheck.js grpc://127.0.0.1:50051               healthy when grpc.health.v1 says SERVING
 * Exits 0 when healthy, 1 otherwise (the reason goes to stderr).
 */
const path = require('node:path');

const TIMEOUT_MS = 3000;
const HEALTH_PROTO = path.resolve(__dirname, '../../proto/grpc/health/v1/health.proto');

async function checkHttp(url) {
  const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
}

function checkGrpc(address) {
  const grpc = require('@grpc/grpc-js');
  const protoLoader = require('@grpc/proto-loader');
  const definition = protoLoader.loadSync(HEALTH_PROTO, { keepCase: true, enums: String, defaults: true });
  const { Health } = grpc.loadPackageDefinition(definition).grpc.health.v1;
  const client = new Health(address, grpc.credentials.createInsecure());
  return new Promise((resolve, reject) => {
    client.Check({ service: '' }, { deadline: Date.now() + TIMEOUT_MS }, (error, answer) => {
      client.close();
      if (error) reject(error);
      else if (answer.status !== 'SERVING') reject(new Error(`${address} is ${answer.status}`));
      else resolve();
    });
  });
}

async function main(target) {
  if (!target) throw new Error('usage: healthcheck.js <http(s)://…|grpc://host:port>');
  const url = new URL(target);
  if (url.protocol === 'grpc:') return checkGrpc(url.host);
  if (url.protocol === 'http:' || url.protocol === 'https:') return checkHttp(target);
  throw new Error(`unsupported scheme ${url.protocol}`);
}

main(process.argv[2]).then(
  () => process.exit(0),
  (error) => {
    console.error(`unhealthy: ${error.message}`);
    process.exit(1);
  },
);
