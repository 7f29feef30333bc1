/** docker-compose.yml, checked offline, and with `docker-compose config` where it is installed. */
import type { ComposeFile } from './support/compose';
import {
  composeFile,
  composeProblems,
  composeSecretProblems,
  mountsOf,
  volumeOwnerProblems,
} from './support/compose';
import { clone, generatedSecrets, onPath, read, run, tempDir, writeFiles } from './support/files';

type Env = Record<string, unknown>;
const envOf = (compose: ComposeFile, service: string) => compose.services![service].environment as Env;

describe('docker-compose.yml', () => {
  it('has the structure the services and docker-compose 1.29 need', () => {
    expect(composeProblems(composeFile())).toEqual([]);
  });

  it('uses RabbitMQ 4 (3.x is out of support)', () => {
    const image = String(composeFile().services!.rabbitmq.image);
    expect(Number(/^rabbitmq:(\d+)/.exec(image)?.[1])).toBeGreaterThanOrEqual(4);
  });

  it('reports a top-level name, a missing healthcheck or variable, and a dangling dependency', () => {
    const broken = clone(composeFile());
    broken.name = 'inbox';
    const services = broken.services!;
    delete services.gateway.healthcheck;
    delete envOf(broken, 'gateway').DIRECTORY_GRPC_ADDR;
    (services.directory.depends_on as Record<string, object>).postgress = { condition: 'service_healthy' };
    delete services.redis.image;
    services.databases.volumes = ['./deploy/docker/databases.sq:/databases.sql:ro'];
    expect(composeProblems(broken)).toEqual(
      expect.arrayContaining([
        'databases: bind-mounted ./deploy/docker/databases.sq does not exist',
        'top-level `name:` (docker-compose 1.29 rejects it)',
        'gateway: no healthcheck',
        'gateway: environment lacks DIRECTORY_GRPC_ADDR',
        'directory: depends on postgress, which is no service',
        'redis: neither image nor build',
      ]),
    );
  });

  it('reports a gateway healthcheck that depends on other services (/ready instead of /health)', () => {
    const broken = clone(composeFile());
    broken.services!.gateway.healthcheck!.test = [
      'CMD',
      'node',
      'deploy/docker/healthcheck.js',
      'http://127.0.0.1:8080/api/v1/ready',
    ];
    expect(composeProblems(broken)).toEqual(['gateway: healthcheck must GET /api/v1/health']);
  });

  it('reports the inbox without its encryption key, or its media in no bucket', () => {
    const broken = clone(composeFile());
    delete envOf(broken, 'inbox').INBOX_ENCRYPTION_KEY_FILE;
    delete envOf(broken, 'inbox').S3_BUCKET;
    delete broken.services!.inbox.command;
    expect(composeProblems(broken).sort()).toEqual(
      [
        'inbox: environment lacks INBOX_ENCRYPTION_KEY',
        'inbox: BLOB_STORE=s3 without S3_BUCKET',
        'inbox: the command does not run services/inbox/dist/main.js',
      ].sort(),
    );
    const unready = clone(composeFile());
    delete (unready.services!.inbox.depends_on as Record<string, object>)['minio-bucket'];
    envOf(unready, 'inbox').S3_ENDPOINT = 'http://minoi:9000';
    expect(composeProblems(unready).sort()).toEqual([
      'inbox: S3_ENDPOINT=http://minoi:9000 reaches no service',
      'inbox: does not wait for minio-bucket to create the bucket',
    ]);
  });

  it('reports media on the filesystem with no volume under it (BLOB_STORE=fs, the default)', () => {
    const broken = clone(composeFile());
    delete envOf(broken, 'inbox').BLOB_STORE;
    expect(composeProblems(broken)).toEqual(['inbox: environment lacks MEDIA_DIR']);
    envOf(broken, 'inbox').MEDIA_DIR = '/app/data/media';
    expect(composeProblems(broken)).toEqual(['inbox: MEDIA_DIR=/app/data/media is on no named volume']);
    broken.services!.inbox.volumes = [
      'inbox-secrets:/run/inbox-secrets:ro',
      'inbox-media:/app/data/media:ro',
    ];
    expect(composeProblems(broken)).toEqual(['inbox: MEDIA_DIR=/app/data/media is mounted read-only']);
    broken.services!.inbox.volumes = [
      'inbox-secrets:/run/inbox-secrets:ro',
      './deploy/docker:/app/data/media',
    ];
    expect(composeProblems(broken)).toEqual(['inbox: MEDIA_DIR=/app/data/media is on no named volume']);
  });

  it('creates the bucket with a one-shot job on the MinIO image, and gives every process its metrics port', () => {
    const services = composeFile().services!;
    expect(services.minio.image).toMatch(/^minio\/minio(:|$)/);
    expect([services['minio-bucket'].command].flat()).toEqual([
      'mb',
      '--ignore-existing',
      'local/open-inbox-media',
    ]);
    for (const app of [
      'gateway',
      'directory',
      'inbox',
      'templates',
      'campaigns',
      'campaigns-worker',
      'analytics',
    ]) {
      expect({ app, port: envOf(composeFile(), app).METRICS_PORT }).toEqual({ app, port: '9464' });
    }
  });

  it('reports the templates service without its media volume, secret or address', () => {
    const broken = clone(composeFile());
    const templates = broken.services!.templates;
    templates.volumes = templates.volumes!.filter(
      (v) => typeof v !== 'string' || !v.startsWith('templates-media:'),
    );
    delete envOf(broken, 'templates').INTERNAL_AUTH_SECRET_FILE;
    envOf(broken, 'gateway').TEMPLATES_GRPC_ADDR = 'templates:8083';
    expect(composeProblems(broken).sort()).toEqual(
      [
        'gateway: TEMPLATES_GRPC_ADDR=templates:8083 reaches templates port http, not templates port grpc',
        'templates: environment lacks INTERNAL_AUTH_SECRET',
        'templates: MEDIA_DIR=/app/data/template-media is on no named volume',
      ].sort(),
    );
  });

  it('runs the campaigns API and one worker in worker mode, sharing its database and secret', () => {
    const broken = clone(composeFile());
    broken.services!['campaigns-worker'].command = [
      '--require',
      './deploy/docker/env-from-files.js',
      'services/campaigns/dist/main.js',
    ];
    delete envOf(broken, 'campaigns-worker').REDIS_URL;
    envOf(broken, 'gateway').CAMPAIGNS_HTTP_URL = 'http://campaigns:50054';
    expect(composeProblems(broken).sort()).toEqual(
      [
        'campaigns-worker: runs services/campaigns/dist/main.js with [], not [worker]',
        'campaigns-worker: environment lacks REDIS_URL',
        'gateway: CAMPAIGNS_HTTP_URL=http://campaigns:50054 reaches campaigns port grpc, not campaigns port http',
      ].sort(),
    );
    const withoutWorker = clone(composeFile());
    delete withoutWorker.services!['campaigns-worker'];
    expect(composeProblems(withoutWorker)).toEqual(['no service campaigns-worker']);
  });

  it('reports wrong addresses, a written secret, and an unreachable simulator', () => {
    const broken = clone(composeFile());
    envOf(broken, 'gateway').INBOX_GRPC_ADDR = 'inbox:8082';
    envOf(broken, 'gateway').INBOX_HTTP_URL = 'http://inboks:8082';
    envOf(broken, 'gateway').WHATSAPP_VERIFY_TOKEN = 'hunter2';
    envOf(broken, 'inbox').WHATSAPP_API_BASE_URL = '${WHATSAPP_API_BASE_URL:-http://whatsapp-sim:4011}';
    envOf(broken, 'whatsapp-sim').SIM_WEBHOOK_URL = 'http://gateway:8080/webhooks';
    delete envOf(broken, 'whatsapp-sim').SIM_HOST;
    expect(composeProblems(broken).sort()).toEqual(
      [
        'gateway: INBOX_GRPC_ADDR=inbox:8082 reaches inbox port http, not inbox port grpc',
        'gateway: INBOX_HTTP_URL=http://inboks:8082 reaches nothing (no service inboks)',
        'gateway: WHATSAPP_VERIFY_TOKEN is written in docker-compose.yml; pass it as WHATSAPP_VERIFY_TOKEN_FILE',
        'inbox: WHATSAPP_API_BASE_URL=http://whatsapp-sim:4011 reaches nothing (whatsapp-sim listens on no port 4011)',
        'whatsapp-sim: SIM_WEBHOOK_URL=http://gateway:8080/webhooks should have the path /api/v1/webhooks/whatsapp',
        'whatsapp-sim: environment lacks SIM_HOST',
      ].sort(),
    );
    const wide = clone(composeFile());
    envOf(wide, 'whatsapp-sim').SIM_HOST = '127.0.0.1';
    expect(composeProblems(wide)).toEqual([
      'whatsapp-sim: SIM_HOST=127.0.0.1 does not match /^(0\\.0\\.0\\.0|::)$/',
    ]);
  });

  it('runs without the simulator, which is optional, but not with the inbox pointing at it', () => {
    const withoutSim = clone(composeFile());
    delete withoutSim.services!['whatsapp-sim'];
    expect(composeProblems(withoutSim)).toEqual([
      'inbox: WHATSAPP_API_BASE_URL=http://whatsapp-sim:4010, but there is no whatsapp-sim here',
    ]);
    envOf(withoutSim, 'inbox').WHATSAPP_API_BASE_URL = 'https://graph.facebook.com';
    expect(composeProblems(withoutSim)).toEqual([]);
    const required = Object.keys(composeFile().services!).filter((name) => name !== 'whatsapp-sim');
    const deps = required.flatMap((name) => Object.keys(composeFile().services![name].depends_on ?? {}));
    expect(deps).not.toContain('whatsapp-sim');
  });

  describe('with the secrets the `secrets` job makes', () => {
    let generated: string;
    beforeAll(async () => {
      generated = await generatedSecrets();
    });

    it('every NAME_FILE is written, and the apps share their secrets and channel', () => {
      expect(composeSecretProblems(composeFile(), generated)).toEqual([]);
    });

    it('reports a simulator answering to another app id than the templates service uploads with', () => {
      const broken = clone(composeFile());
      envOf(broken, 'whatsapp-sim').SIM_APP_ID = '1';
      expect(composeSecretProblems(broken, generated)).toEqual([
        'the Meta app id of header uploads differs: templates WHATSAPP_APP_ID, whatsapp-sim SIM_APP_ID',
      ]);
    });

    it('reports a file the job does not write, a volume it does not fill, and values that differ', () => {
      const broken = clone(composeFile());
      envOf(broken, 'inbox').INBOX_ENCRYPTION_KEY_FILE = '/run/inbox-secrets/encryption-key';
      broken.services!.secrets.volumes = mountsOf(broken.services!.secrets)
        .filter((m) => m.source !== 'whatsapp-sim-secrets')
        .map((m) => `${m.source}:${m.target}`);
      envOf(broken, 'whatsapp-sim').SIM_WABA_ID = '1';
      expect(composeSecretProblems(broken, generated).sort()).toEqual(
        [
          'inbox: INBOX_ENCRYPTION_KEY_FILE=/run/inbox-secrets/encryption-key is not written by the secrets job',
          'whatsapp-sim: WHATSAPP_APP_SECRET_FILE=/run/inbox-secrets/whatsapp-app-secret is in no volume the secrets job writes',
          'whatsapp-sim: SIM_ACCESS_TOKEN_FILE=/run/inbox-secrets/whatsapp-access-token is in no volume the secrets job writes',
          'the webhook app secret differs: gateway WHATSAPP_APP_SECRET, whatsapp-sim WHATSAPP_APP_SECRET',
          'the channel access token differs: inbox WHATSAPP_ACCESS_TOKEN, whatsapp-sim SIM_ACCESS_TOKEN',
          "the channel's WABA id differs: inbox WHATSAPP_WABA_ID, whatsapp-sim SIM_WABA_ID",
        ].sort(),
      );
    });
  });

  it('mounts the media volume on a folder the image makes for the service user', () => {
    expect(volumeOwnerProblems(composeFile(), read('Dockerfile'))).toEqual([]);
    const elsewhere = clone(composeFile());
    envOf(elsewhere, 'inbox').MEDIA_DIR = '/var/lib/media';
    elsewhere.services!.inbox.volumes = ['inbox-secrets:/run/inbox-secrets:ro', 'inbox-media:/var/lib/media'];
    expect(volumeOwnerProblems(elsewhere, read('Dockerfile'))).toEqual([
      "inbox: /var/lib/media (MEDIA_DIR) is no folder the image makes for its user: a new volume would be root's",
    ]);
  });

  (onPath('docker-compose') ? it : it.skip)(
    'passes `docker-compose config -q`, which rejects a bad file',
    async () => {
      const ok = await run('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q']);
      expect(ok).toMatchObject({ code: 0, stderr: '' });
      const dir = tempDir();
      writeFiles(dir, { 'docker-compose.yml': 'name: inbox\nservices:\n  a:\n    image: redis:7\n' });
      expect(
        (await run('docker-compose', ['-f', 'docker-compose.yml', 'config', '-q'], { cwd: dir })).code,
      ).not.toBe(0);
    },
  );
});
