import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { Writable } from 'node:stream';
import { createLogger } from '@inbox/platform';
import { client, eventually, login } from '../support/http';
import { ADMIN, startTestSystem, type TestSystem } from '../support/system';

/*
 * Redis is a cache and a limiter: when it goes away the gateway authenticates from the directory,
 * limits in memory, says so in the log, and keeps answering. Runs with the distributed suite
 * (REDIS_URL set), against a redis-server of its own that it kills and restarts.
 */
const d = process.env.REDIS_URL ? describe : describe.skip;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startRedis(port: number): Promise<ChildProcess> {
  const args = ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'];
  const server = spawn('redis-server', args, { stdio: 'ignore' });
  await eventually(
    () =>
      new Promise<void>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => {
          socket.end();
          resolve();
        });
        socket.on('error', reject);
      }),
  );
  return server;
}

/** A TCP relay in front of Redis that counts the writes the gateway makes (one per round trip). */
function relay(target: number) {
  const sockets = new Set<net.Socket>();
  const stats = { writes: 0 };
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => {
        inbound.destroy();
        outbound.destroy();
      });
    }
    inbound.on('data', (chunk) => {
      stats.writes += 1;
      outbound.write(chunk);
    });
    outbound.on('data', (chunk) => inbound.write(chunk));
  });
  return {
    stats,
    listen: () =>
      new Promise<number>((r) =>
        server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port)),
      ),
    close: () => {
      for (const s of sockets) s.destroy();
      return new Promise<void>((r) => server.close(() => r()));
    },
  };
}

d('when Redis goes away', () => {
  let t: TestSystem;
  let redisPort: number;
  let redis: ChildProcess;
  let proxy: ReturnType<typeof relay>;
  const warnings: Array<{ msg: string }> = [];

  beforeAll(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    proxy = relay(redisPort);
    const proxyPort = await proxy.listen();
    const sink = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) warnings.push(JSON.parse(line));
        done();
      },
    });
    t = await startTestSystem({
      redisUrl: `redis://127.0.0.1:${proxyPort}`,
      logger: createLogger('e2e', 'warn', sink),
      limits: { RATE_LIMIT_PER_MINUTE: 30 },
    });
  });
  afterAll(async () => {
    await t?.stop();
    await proxy?.close();
    redis?.kill('SIGKILL');
  });

  it('a signed-in request with its principal cached costs one Redis round trip', async () => {
    const api = client(t.baseUrl);
    const token = await login(api, ADMIN.clientId, ADMIN.email, ADMIN.password);
    // The first requests cache the principal and load the limiter's script.
    for (let i = 0; i < 2; i++) expect((await api.get('/health')).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await api.get('/auth/me', { token })).status).toBe(200);
    const before = proxy.stats.writes;
    expect((await api.get('/auth/me', { token })).status).toBe(200);
    expect(proxy.stats.writes - before).toBe(1);
  });

  it('keeps answering: principals come from the directory, limits count in memory, the log says why', async () => {
    const api = client(t.baseUrl);
    const token = await login(api, ADMIN.clientId, ADMIN.email, ADMIN.password);
    redis.kill('SIGKILL');
    await new Promise((resolve) => redis.once('exit', resolve));

    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await api.get('/tags', { token })).status);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses[30]).toBe(429);
    expect((await api.post('/auth/login', { ...ADMIN })).status).toBe(200);
    expect(warnings.some((w) => /Redis failing/.test(w.msg))).toBe(true);
    // Rate-limited logging: dozens of failed commands, a line or two.
    expect(warnings.filter((w) => /Redis failing/.test(w.msg)).length).toBeLessThanOrEqual(3);

    const ready = await api.get('/ready');
    expect(ready.status).toBe(200);
    expect(ready.body.status).toBe('degraded');
    expect(ready.body.checks.cache.up).toBe(false);
    expect(ready.body.checks.directory.up).toBe(true);
  });

  it('uses Redis again once it is back', async () => {
    redis = await startRedis(redisPort);
    const api = client(t.baseUrl);
    await eventually(async () => {
      const ready = await api.get('/ready');
      expect(ready.body.status).toBe('ready');
    }, 15_000);
  });
});
