/**
 * A copied example must not boot: every process refuses the placeholder secrets of
 * deploy/k8s/base/secret.example.yaml (and guessable short ones), naming each variable.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { generateSigningKeys, loadConfig, type ConfigError } from '@inbox/platform';
import { gatewayConfigSchema } from '../../gateway/src/config';
import { directoryConfigSchema } from '../../services/directory/src/config';
import { inboxConfigSchema } from '../../services/inbox/src/config';
import { templatesConfigSchema } from '../../services/templates/src/config';
import { allInOneConfigSchema } from '../../all-in-one/src/config';
import { K8S_DIR, loadYaml, SECRET_EXAMPLE } from './support/files';

type Env = Record<string, string>;
const configMap = (loadYaml(path.join(K8S_DIR, 'base/configmap.yaml'))[0] as { data: Env }).data;
const example = (loadYaml(SECRET_EXAMPLE)[0] as { stringData: Env }).stringData;

/** The variables a schema refuses in `env` (empty when it boots). */
function refused(schema: Parameters<typeof loadConfig>[0], env: Env): string[] {
  try {
    loadConfig(schema, env);
    return [];
  } catch (error) {
    return [...new Set([...(error as ConfigError).message.matchAll(/^\s+(\w+):/gm)].map((m) => m[1]))].sort();
  }
}

/** What an operator who generated every secret would have. */
function realSecrets(): Env {
  const keys = generateSigningKeys();
  return {
    INTERNAL_AUTH_SECRET: randomBytes(32).toString('base64url'),
    JWT_PRIVATE_KEY: keys.privateKeyPem,
    JWT_PUBLIC_KEY: keys.publicKeyPem,
    DIRECTORY_DATABASE_URL: 'postgres://directory:Xk2p9vQe@postgres:5432/directory',
    INBOX_DATABASE_URL: 'postgres://inbox:Xk2p9vQe@postgres:5432/inbox',
    TEMPLATES_DATABASE_URL: 'postgres://templates:Xk2p9vQe@postgres:5432/templates',
    AMQP_URL: 'amqp://inbox:Xk2p9vQe@rabbitmq:5672',
    REDIS_URL: 'redis://:Xk2p9vQe@redis:6379',
    INBOX_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    WHATSAPP_APP_SECRET: randomBytes(16).toString('hex'),
    WHATSAPP_VERIFY_TOKEN: randomBytes(18).toString('base64url'),
    WHATSAPP_ACCESS_TOKEN: '',
    PLATFORM_TOKEN: randomBytes(32).toString('base64url'),
    SMTP_URL: 'smtp://mailer:Xk2p9vQe@smtp.example.com:587',
  };
}

describe('boot validation of secret.example.yaml', () => {
  it('the gateway, directory, inbox and templates refuse every placeholder in it', () => {
    const env = { ...configMap, ...example };
    expect(refused(gatewayConfigSchema, env)).toEqual([
      'AMQP_URL',
      'INTERNAL_AUTH_SECRET',
      'JWT_PUBLIC_KEY',
      'REDIS_URL',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ]);
    expect(refused(directoryConfigSchema, env)).toEqual([
      'AMQP_URL',
      'DIRECTORY_DATABASE_URL',
      'INTERNAL_AUTH_SECRET',
      'JWT_PRIVATE_KEY',
      'JWT_PUBLIC_KEY',
      'SMTP_URL',
    ]);
    expect(refused(inboxConfigSchema, env)).toEqual([
      'AMQP_URL',
      'INBOX_DATABASE_URL',
      'INBOX_ENCRYPTION_KEY',
      'INTERNAL_AUTH_SECRET',
    ]);
    expect(refused(templatesConfigSchema, env)).toEqual([
      'AMQP_URL',
      'INTERNAL_AUTH_SECRET',
      'TEMPLATES_DATABASE_URL',
    ]);
  });

  it('generated secrets boot', () => {
    const env = { ...configMap, ...realSecrets() };
    expect(refused(gatewayConfigSchema, env)).toEqual([]);
    expect(refused(directoryConfigSchema, env)).toEqual([]);
    expect(refused(inboxConfigSchema, env)).toEqual([]);
    expect(refused(templatesConfigSchema, env)).toEqual([]);
    expect(refused(allInOneConfigSchema, { PLATFORM_TOKEN: env.PLATFORM_TOKEN })).toEqual([]);
    // Unless told otherwise (a developer's docker-compose), e-mails without SMTP lose their link tokens in the log.
    expect(loadConfig(directoryConfigSchema, env).MAIL_LOG_LINKS).toBe(false);
  });

  it('short secrets are refused: PLATFORM_TOKEN and INTERNAL_AUTH_SECRET need 32 characters', () => {
    const short = {
      ...configMap,
      ...realSecrets(),
      PLATFORM_TOKEN: 'a'.repeat(31),
      INTERNAL_AUTH_SECRET: 'b'.repeat(31),
    };
    expect(refused(gatewayConfigSchema, short)).toEqual(['INTERNAL_AUTH_SECRET', 'PLATFORM_TOKEN']);
    expect(refused(allInOneConfigSchema, { PLATFORM_TOKEN: 'platform-token-for-tests' })).toEqual([
      'PLATFORM_TOKEN',
    ]);
    expect(
      refused(allInOneConfigSchema, { PLATFORM_TOKEN: 'replace-with-32-or-more-random-characters' }),
    ).toEqual(['PLATFORM_TOKEN']);
  });
});
