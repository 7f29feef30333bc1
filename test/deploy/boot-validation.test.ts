/**
 * A copied example must not boot: every process refuses the placeholder secrets of
 * deploy/k8s/base/secret.example.yaml (and guessable short ones), naming each variable. Each
 * process gets exactly the environment its rendered Deployment gives it: written values, the
 * ConfigMap's, and the files of its Secret (here the example's values, or generated ones).
 */
import { randomBytes } from 'node:crypto';
import { generateSigningKeys, loadConfig, type ConfigError } from '@inbox/platform';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { allInOneConfigSchema } from '../../all-in-one/src/config';
import { analyticsConfigSchema } from '../../services/analytics/src/config';
import { campaignsConfigSchema } from '../../services/campaigns/src/config';
import { directoryConfigSchema } from '../../services/directory/src/config';
import { inboxConfigSchema } from '../../services/inbox/src/config';
import { templatesConfigSchema } from '../../services/templates/src/config';
import type { App } from './support/apps';
import { base, deployment, production } from './support/fixtures';
import type { K8sObject } from './support/kubernetes-schema';
import { envOf, mainContainer, ofKind, secretExamples } from './support/k8s-objects';

type Env = Record<string, string>;
type Schema = Parameters<typeof loadConfig>[0];
const SCHEMAS: [App, Schema][] = [
  ['gateway', gatewayConfigSchema],
  ['directory', directoryConfigSchema],
  ['inbox', inboxConfigSchema],
  ['templates', templatesConfigSchema],
  ['campaigns', campaignsConfigSchema],
  ['campaigns-worker', campaignsConfigSchema],
  ['analytics', analyticsConfigSchema],
];

/** The environment the app's Deployment gives it, its Secret's files read from `secret(name, key)`. */
function bootEnv(
  app: App,
  secret: (name: string, key: string) => string | undefined,
  objects: K8sObject[] = base(),
): Env {
  const d = deployment(objects, app);
  const env = envOf(mainContainer(d)!, ofKind(objects, 'ConfigMap'), d.spec!.template.spec);
  const values: Env = {};
  for (const [name, entry] of env) {
    const value = entry.secret ? secret(entry.secret.name, entry.secret.key) : entry.value;
    if (value !== undefined && !name.endsWith('_FILE')) values[name] = value;
  }
  return values;
}
const exampleValue = (name: string, key: string) => secretExamples().get(name)?.[key];

/** The variables a schema refuses in `env` (empty when it boots). */
function refused(schema: Schema, env: Env): string[] {
  try {
    loadConfig(schema, env);
    return [];
  } catch (error) {
    return [...new Set([...(error as ConfigError).message.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]))].sort();
  }
}

/** What an operator who generated every secret would put in the Secrets. */
function realSecrets(): Env {
  const keys = generateSigningKeys();
  return {
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('base64url'),
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    DIRECTORY_DATABASE_URL: 'postgres://directory:Xk2p9vQe@postgres:5432/directory',
    INBOX_DATABASE_URL: 'postgres://inbox:Xk2p9vQe@postgres:5432/inbox',
    TEMPLATES_DATABASE_URL: 'postgres://templates:Xk2p9vQe@postgres:5432/templates',
    CAMPAIGNS_DATABASE_URL: 'postgres://campaigns:Xk2p9vQe@postgres:5432/campaigns',
    ANALYTICS_DATABASE_URL: 'postgres://analytics:Xk2p9vQe@postgres:5432/analytics',
    AMQP_URL: 'amqp://inbox:Xk2p9vQe@rabbitmq:5672',
    REDIS_URL: 'redis://:Xk2p9vQe@redis:6379',
    INBOX_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WHATSAPP_APP_SECRET: randomBytes(16).toString('hex'),
    WHATSAPP_VERIFY_TOKEN: randomBytes(18).toString('base64url'),
    WHATSAPP_ACCESS_TOKEN: '',
    PLATFORM_TOKEN: randomBytes(32).toString('base64url'),
    SMTP_URL: 'smtp://mailer:Xk2p9vQe@smtp.example.com:587',
    S3_ACCESS_KEY_ID: 'AKIAEXAMPLEKEY2P9VQE',
    S3_SECRET_ACCESS_KEY: randomBytes(30).toString('base64'),
  };
}

describe('boot validation of secret.example.yaml', () => {
  it('each process refuses every placeholder of its Secret', () => {
    const refusedBy = Object.fromEntries(
      SCHEMAS.map(([app, schema]) => [app, refused(schema, bootEnv(app, exampleValue))]),
    );
    expect(refusedBy).toEqual({
      gateway: [
        'AMQP_URL',
        'INTERNAL_AUTH_SECRET',
        'JWT_PUBLIC_KEY',
        'REDIS_URL',
        'WHATSAPP_APP_SECRET',
        'WHATSAPP_VERIFY_TOKEN',
      ],
      directory: [
        'AMQP_URL',
        'DIRECTORY_DATABASE_URL',
        'INTERNAL_AUTH_SECRET',
        'JWT_PRIVATE_KEY',
        'JWT_PUBLIC_KEY',
        'SMTP_URL',
      ],
      inbox: ['AMQP_URL', 'INBOX_DATABASE_URL', 'INBOX_ENCRYPTION_KEY', 'INTERNAL_AUTH_SECRET'],
      templates: ['AMQP_URL', 'INTERNAL_AUTH_SECRET', 'TEMPLATES_DATABASE_URL'],
      campaigns: ['AMQP_URL', 'CAMPAIGNS_DATABASE_URL', 'INTERNAL_AUTH_SECRET', 'REDIS_URL'],
      'campaigns-worker': ['AMQP_URL', 'CAMPAIGNS_DATABASE_URL', 'INTERNAL_AUTH_SECRET', 'REDIS_URL'],
      analytics: ['AMQP_URL', 'ANALYTICS_DATABASE_URL', 'INTERNAL_AUTH_SECRET', 'REDIS_URL'],
    });
  });

  it("production's inbox and templates also refuse the bucket's placeholder key (media-s3)", () => {
    const objects = production();
    expect(refused(inboxConfigSchema, bootEnv('inbox', exampleValue, objects))).toEqual([
      'AMQP_URL',
      'INBOX_DATABASE_URL',
      'INBOX_ENCRYPTION_KEY',
      'INTERNAL_AUTH_SECRET',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(refused(templatesConfigSchema, bootEnv('templates', exampleValue, objects))).toEqual([
      'AMQP_URL',
      'INTERNAL_AUTH_SECRET',
      'S3_SECRET_ACCESS_KEY',
      'TEMPLATES_DATABASE_URL',
    ]);
  });

  it('generated secrets boot, in every overlay', () => {
    const secrets = realSecrets();
    for (const [app, schema] of SCHEMAS) {
      expect({
        app,
        refused: refused(
          schema,
          bootEnv(app, (_name, key) => secrets[key]),
        ),
      }).toEqual({ app, refused: [] });
    }
    expect(refused(allInOneConfigSchema, { PLATFORM_TOKEN: secrets.PLATFORM_TOKEN })).toEqual([]);
    // Unless told otherwise (a developer's docker-compose), e-mails without SMTP lose their link tokens in the log.
    const directory = bootEnv('directory', (_name, key) => secrets[key]);
    expect(loadConfig(directoryConfigSchema, directory).MAIL_LOG_LINKS).toBe(false);
  });

  it('short secrets are refused: PLATFORM_TOKEN and INTERNAL_AUTH_SECRET need 32 characters', () => {
    const short: Env = {
      ...realSecrets(),
      PLATFORM_TOKEN: 'a'.repeat(31),
      INTERNAL_AUTH_SECRET: 'b'.repeat(31),
    };
    expect(
      refused(
        gatewayConfigSchema,
        bootEnv('gateway', (_name, key) => short[key]),
      ),
    ).toEqual(['INTERNAL_AUTH_SECRET', 'PLATFORM_TOKEN']);
    expect(refused(allInOneConfigSchema, { PLATFORM_TOKEN: 'platform-token-for-tests' })).toEqual([
      'PLATFORM_TOKEN',
    ]);
    expect(
      refused(allInOneConfigSchema, { PLATFORM_TOKEN: 'replace-with-32-or-more-random-characters' }),
    ).toEqual(['PLATFORM_TOKEN']);
  });

  it('the rotation keys reach the processes that read them, and are checked like the secrets they stand beside', () => {
    const keys = generateSigningKeys();
    const rotating: Env = {
      ...realSecrets(),
      INTERNAL_AUTH_SECRET_PREVIOUS: randomBytes(32).toString('base64url'),
      JWT_PREVIOUS_PUBLIC_KEY: keys.publicKeyPem,
      INBOX_PREVIOUS_ENCRYPTION_KEYS: `${randomBytes(32).toString('hex')},${randomBytes(32).toString('base64')}`,
    };
    const loaded = (app: App, schema: Schema, env: Env = rotating) =>
      loadConfig(
        schema,
        bootEnv(app, (_name, key) => env[key]),
      ) as Record<string, unknown>;
    // The processes that verify callers (the gateway and the campaign workers only sign).
    for (const [app, schema] of SCHEMAS.filter(([app]) => !['gateway', 'campaigns-worker'].includes(app)))
      expect({ app, previous: loaded(app, schema).INTERNAL_AUTH_SECRET_PREVIOUS }).toEqual({
        app,
        previous: rotating.INTERNAL_AUTH_SECRET_PREVIOUS,
      });
    expect(loaded('gateway', gatewayConfigSchema).JWT_PREVIOUS_PUBLIC_KEY).toBe(keys.publicKeyPem);
    expect(loaded('inbox', inboxConfigSchema).INBOX_PREVIOUS_ENCRYPTION_KEYS).toEqual(
      rotating.INBOX_PREVIOUS_ENCRYPTION_KEYS.split(','),
    );

    const bad: Env = {
      ...rotating,
      INTERNAL_AUTH_SECRET_PREVIOUS: 'b'.repeat(31),
      JWT_PREVIOUS_PUBLIC_KEY: '-----BEGIN PUBLIC KEY-----\n...\n-----END PUBLIC KEY-----',
      INBOX_PREVIOUS_ENCRYPTION_KEYS: `${randomBytes(32).toString('hex')},replace-with-64-hex-characters`,
    };
    const refusedWith = (app: App, schema: Schema) =>
      refused(
        schema,
        bootEnv(app, (_name, key) => bad[key]),
      );
    expect(refusedWith('directory', directoryConfigSchema)).toEqual(['INTERNAL_AUTH_SECRET_PREVIOUS']);
    expect(refusedWith('gateway', gatewayConfigSchema)).toEqual(['JWT_PREVIOUS_PUBLIC_KEY']);
    expect(refusedWith('inbox', inboxConfigSchema)).toEqual([
      'INBOX_PREVIOUS_ENCRYPTION_KEYS',
      'INTERNAL_AUTH_SECRET_PREVIOUS',
    ]);
  });
});
