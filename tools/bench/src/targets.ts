import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { generateSigningKeys } from '@inbox/platform';
import { freePort, waitUntil, type Children } from './processes';

/** What autocannon hammers: a URL, the headers a client sends, and what was set up behind it. */
export interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

export interface Servers {
  postgresUrl: string;
  amqpUrl: string;
  redisUrl: string;
}

const REPO = path.resolve(__dirname, '../../..');
const USERS = 20;

/** Echo gRPC server and Express-with-one-gRPC-call, each in its own process. */
export async function startCeiling(children: Children): Promise<Target> {
  const grpcPort = await freePort();
  const httpPort = await freePort();
  children.spawn('echo-grpc', [path.join(__dirname, 'echo-server.js')], { ECHO_GRPC_PORT: String(grpcPort) });
  children.spawn('echo-http', [path.join(__dirname, 'echo-http.js')], {
    PORT: String(httpPort),
    ECHO_GRPC_ADDR: `127.0.0.1:${grpcPort}`,
  });
  const url = `http://127.0.0.1:${httpPort}/echo`;
  await waitUntil('the echo route', async () => (await fetch(url)).ok, children);
  return { name: 'ceiling', url, headers: {} };
}

/**
 * The distributed arrangement: directory and gateway as the product runs them (their own
 * dist/main.js, configured by environment), on real PostgreSQL, RabbitMQ and Redis.
 */
export async function startGatewaySystem(
  children: Children,
  servers: Servers,
  databaseUrl: string,
): Promise<Target> {
  const keys = generateSigningKeys();
  const platformToken = randomBytes(24).toString('hex');
  const grpcPort = await freePort();
  const httpPort = await freePort();
  const common = {
    AMQP_URL: servers.amqpUrl,
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('hex'),
    LOG_LEVEL: 'warn',
  };
  children.spawn('directory', [path.join(REPO, 'services/directory/dist/main.js')], {
    ...common,
    DIRECTORY_DATABASE_URL: databaseUrl,
    GRPC_PORT: String(grpcPort),
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
  });
  // BENCH_PROFILE=<dir>: a V8 CPU profile of the gateway, written when it exits (Chrome DevTools opens it).
  const profileDir = process.env.BENCH_PROFILE;
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  children.spawn('gateway', [...profile, path.join(REPO, 'gateway/dist/main.js')], {
    ...common,
    PORT: String(httpPort),
    DIRECTORY_GRPC_ADDR: `127.0.0.1:${grpcPort}`,
    REDIS_URL: servers.redisUrl,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    PLATFORM_TOKEN: platformToken,
    // Far above what 2 cores can serve: the limiter still runs on every request (its Redis round
    // trip is part of the real cost) but never refuses one.
    RATE_LIMIT_PER_MINUTE: String(1_000_000_000),
  });
  const api = `http://127.0.0.1:${httpPort}/api/v1`;
  await waitUntil('gateway /api/v1/ready', () => readyForUsers(api), children);
  const token = await seed(api, platformToken);
  return { name: 'gateway', url: `${api}/users`, headers: { authorization: `Bearer ${token}` } };
}

/** What GET /users goes through; readiness checks of other services (not started here) may fail. */
const NEEDED = new Set(['directory', 'bus', 'cache']);
let reportedIgnored = false;

async function readyForUsers(api: string): Promise<boolean> {
  const res = await fetch(`${api}/ready`);
  if (res.status === 200) return true;
  const problem = (await res.json()) as { errors?: Array<{ path: string; message: string }> };
  const failing = problem.errors ?? [];
  if (failing.length === 0 || failing.some((f) => NEEDED.has(f.path))) return false;
  if (!reportedIgnored) {
    reportedIgnored = true;
    process.stderr.write(
      `/ready: ignoring ${failing.map((f) => f.path).join(', ')} (not on the GET /users path)\n`,
    );
  }
  return true;
}

/** An organization, its Admin signed in, and USERS more users, so the list has a realistic size. */
async function seed(api: string, platformToken: string): Promise<string> {
  const admin = {
    email: 'admin@example.com',
    name: 'Bench Admin',
    password: randomBytes(12).toString('hex'),
  };
  const org = await post<{ clientId: number }>(`${api}/platform/organizations`, platformToken, {
    name: 'Bench',
    admin,
  });
  const login = await post<{ accessToken: string }>(`${api}/auth/login`, undefined, {
    clientId: org.clientId,
    email: admin.email,
    password: admin.password,
  });
  for (let i = 1; i <= USERS; i++) {
    await post(`${api}/users`, login.accessToken, {
      email: `agent${i}@example.com`,
      name: `Agent Number ${i}`,
    });
  }
  return login.accessToken;
}

async function post<T>(url: string, bearer: string | undefined, body: unknown): Promise<T> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (bearer) headers.authorization = `Bearer ${bearer}`;
  const res = await fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await res.text();
  if (!res.ok) throw new Error(`Seeding failed: POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}
