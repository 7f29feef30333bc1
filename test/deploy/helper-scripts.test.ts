/** The scripts of deploy/docker, run as the containers run them. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import { ROOT, run, tempDir, writeFiles } from './support/files';

const script = (name: string) => path.join(ROOT, 'deploy/docker', name);

describe('deploy/docker/healthcheck.js', () => {
  it('healthy on 2xx, unhealthy on an error status or a closed port', async () => {
    const server = http.createServer((req, res) => res.writeHead(req.url === '/ready' ? 200 : 503).end());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    try {
      const check = (url: string) => run(process.execPath, [script('healthcheck.js'), url]);
      expect((await check(`http://127.0.0.1:${port}/ready`)).code).toBe(0);
      expect((await check(`http://127.0.0.1:${port}/down`)).code).toBe(1);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    expect(
      (await run(process.execPath, [script('healthcheck.js'), `http://127.0.0.1:${port}/ready`])).code,
    ).toBe(1);
  });

  it('healthy while grpc.health.v1 answers SERVING', async () => {
    const definition = protoLoader.loadSync(path.join(ROOT, 'proto/grpc/health/v1/health.proto'), {
      enums: String,
    });
    const proto = grpc.loadPackageDefinition(definition) as unknown as {
      grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } };
    };
    let status = 'SERVING';
    const server = new grpc.Server();
    server.addService(proto.grpc.health.v1.Health.service, {
      Check: (_call: unknown, callback: grpc.sendUnaryData<unknown>) => callback(null, { status }),
    });
    const port = await new Promise<number>((resolve, reject) =>
      server.bindAsync('127.0.0.1:0', grpc.ServerCredentials.createInsecure(), (e, p) =>
        e ? reject(e) : resolve(p),
      ),
    );
    try {
      const check = () => run(process.execPath, [script('healthcheck.js'), `grpc://127.0.0.1:${port}`]);
      expect((await check()).code).toBe(0);
      status = 'NOT_SERVING';
      expect(await check()).toMatchObject({ code: 1, stderr: expect.stringContaining('NOT_SERVING') });
    } finally {
      server.forceShutdown();
    }
  });
});

describe('deploy/docker/env-from-files.js', () => {
  it('sets NAME from NAME_FILE unless NAME is set to something other than the empty string', async () => {
    const dir = tempDir();
    writeFiles(dir, {
      key: '-----BEGIN KEY-----\nabc\n-----END KEY-----\n',
      other: 'from file',
      empty: 'generated\n',
    });
    const printed = await run(
      process.execPath,
      [
        '--require',
        script('env-from-files.js'),
        '-p',
        'JSON.stringify([process.env.KEY, process.env.OTHER, process.env.EMPTY])',
      ],
      {
        env: {
          PATH: process.env.PATH,
          KEY_FILE: path.join(dir, 'key'),
          OTHER: 'set',
          OTHER_FILE: path.join(dir, 'other'),
          EMPTY: '',
          EMPTY_FILE: path.join(dir, 'empty'),
        },
      },
    );
    expect(JSON.parse(printed.stdout)).toEqual([
      '-----BEGIN KEY-----\nabc\n-----END KEY-----',
      'set',
      'generated',
    ]);
  });

  it('leaves NAME unset when NAME_FILE names no file (a key left out of a Kubernetes Secret), and fails on any other error', async () => {
    const dir = tempDir();
    const env = (extra: Record<string, string>) => ({ PATH: process.env.PATH, ...extra });
    const print = [
      '--require',
      script('env-from-files.js'),
      '-p',
      'JSON.stringify(process.env.OPTIONAL ?? null)',
    ];
    const missing = await run(process.execPath, print, {
      env: env({ OPTIONAL_FILE: path.join(dir, 'absent') }),
    });
    expect(missing).toMatchObject({ code: 0, stdout: 'null\n' });
    const folder = await run(process.execPath, print, { env: env({ OPTIONAL_FILE: dir }) });
    expect(folder.code).not.toBe(0);
    expect(folder.stderr).toContain('EISDIR');
  });
});

describe('deploy/docker/dev-secrets.js', () => {
  const generate = (dir: string) => run(process.execPath, [script('dev-secrets.js'), dir]);
  const reader = (dir: string) => (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  const snapshot = (dir: string) =>
    Object.fromEntries(
      fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .filter((f) => fs.statSync(path.join(dir, f)).isFile())
        .map((f) => [f, reader(dir)(f)]),
    );

  it('gives each process only its own secrets', async () => {
    const dir = tempDir();
    expect((await generate(dir)).code).toBe(0);
    const list = (folder: string) => fs.readdirSync(path.join(dir, folder)).sort();
    expect(list('directory')).toEqual(['internal-auth-secret', 'jwt-private.pem', 'jwt-public.pem']);
    expect(list('gateway')).toEqual([
      'internal-auth-secret',
      'jwt-public.pem',
      'whatsapp-app-secret',
      'whatsapp-verify-token',
    ]);
    expect(list('inbox')).toEqual(['inbox-encryption-key', 'internal-auth-secret', 'whatsapp-access-token']);
    expect(list('templates')).toEqual(['internal-auth-secret']);
    expect(list('analytics')).toEqual(['internal-auth-secret']);
    expect(list('whatsapp-sim')).toEqual(['whatsapp-access-token', 'whatsapp-app-secret']);
  });

  it('shares what must be shared: the key pair, the internal secret, the channel secrets', async () => {
    const dir = tempDir();
    expect((await generate(dir)).code).toBe(0);
    const read = reader(dir);
    const derived = crypto
      .createPublicKey(read('directory/jwt-private.pem'))
      .export({ type: 'spki', format: 'pem' });
    expect(read('directory/jwt-public.pem')).toBe(derived);
    expect(read('gateway/jwt-public.pem')).toBe(derived);
    for (const folder of ['gateway', 'inbox', 'templates', 'campaigns', 'analytics']) {
      expect(read(`${folder}/internal-auth-secret`)).toBe(read('directory/internal-auth-secret'));
    }
    expect(read('directory/internal-auth-secret').length).toBeGreaterThanOrEqual(32);
    expect(read('inbox/inbox-encryption-key')).toMatch(/^[0-9a-f]{64}$/);
    expect(read('whatsapp-sim/whatsapp-app-secret')).toBe(read('gateway/whatsapp-app-secret'));
    expect(read('whatsapp-sim/whatsapp-access-token')).toBe(read('inbox/whatsapp-access-token'));
    const values = [
      'gateway/whatsapp-app-secret',
      'gateway/whatsapp-verify-token',
      'inbox/whatsapp-access-token',
    ];
    expect(new Set(values.map(read)).size).toBe(values.length);
  });

  it('keeps everything on a second start, and fills in what an older volume lacks', async () => {
    const dir = tempDir();
    expect((await generate(dir)).code).toBe(0);
    const first = snapshot(dir);
    expect((await generate(dir)).code).toBe(0);
    expect(snapshot(dir)).toEqual(first);
    // The volumes of a stack made before the inbox: only the directory's and the gateway's.
    for (const name of [
      'inbox',
      'templates',
      'whatsapp-sim',
      'gateway/whatsapp-app-secret',
      'gateway/whatsapp-verify-token',
    ]) {
      fs.rmSync(path.join(dir, name), { recursive: true });
    }
    expect((await generate(dir)).code).toBe(0);
    const upgraded = snapshot(dir);
    expect(upgraded['directory/jwt-private.pem']).toBe(first['directory/jwt-private.pem']);
    expect(upgraded['inbox/internal-auth-secret']).toBe(first['directory/internal-auth-secret']);
    expect(upgraded['templates/internal-auth-secret']).toBe(first['directory/internal-auth-secret']);
    expect(upgraded['gateway/whatsapp-app-secret']).not.toBe(first['gateway/whatsapp-app-secret']);
    expect(upgraded['whatsapp-sim/whatsapp-app-secret']).toBe(upgraded['gateway/whatsapp-app-secret']);
  });

  it('makes the key pair and the internal secret again, together, when one is missing', async () => {
    const dir = tempDir();
    expect((await generate(dir)).code).toBe(0);
    const first = snapshot(dir);
    fs.rmSync(path.join(dir, 'directory/jwt-public.pem'));
    expect((await generate(dir)).code).toBe(0);
    const again = snapshot(dir);
    expect(again['directory/jwt-private.pem']).not.toBe(first['directory/jwt-private.pem']);
    expect(again['gateway/jwt-public.pem']).toBe(again['directory/jwt-public.pem']);
    expect(again['inbox/internal-auth-secret']).toBe(again['directory/internal-auth-secret']);
    expect(again['templates/internal-auth-secret']).toBe(again['directory/internal-auth-secret']);
    expect(again['inbox/inbox-encryption-key']).toBe(first['inbox/inbox-encryption-key']);
  });
});
