import { ConfigError, loadConfig } from '@inbox/platform';
import { analyticsConfigSchema } from './config';

const BASE = {
  DATABASE_URL: 'postgres://postgres@db:5432/inbox',
  AMQP_URL: 'amqp://guest:guest@mq:5672',
  INTERNAL_AUTH_SECRET: 'an-internal-secret-of-at-least-32-characters',
};

describe('the analytics configuration', () => {
  it('defaults to gRPC on 50055, memory caching and the shared database', () => {
    const config = loadConfig(analyticsConfigSchema, BASE);
    expect(config).toMatchObject({ GRPC_PORT: 50055, databaseUrl: BASE.DATABASE_URL });
    expect(config.REDIS_URL).toBeUndefined();
  });

  it('prefers its own database and takes Redis when given', () => {
    const config = loadConfig(analyticsConfigSchema, {
      ...BASE,
      ANALYTICS_DATABASE_URL: 'postgres://postgres@other:5432/analytics',
      REDIS_URL: 'redis://cache:6379',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@other:5432/analytics');
    expect(config.REDIS_URL).toBe('redis://cache:6379');
  });

  it('refuses to start without a database, or with a short internal secret', () => {
    const { DATABASE_URL: _, ...noDatabase } = BASE;
    expect(() => loadConfig(analyticsConfigSchema, noDatabase)).toThrow(ConfigError);
    expect(() => loadConfig(analyticsConfigSchema, { ...BASE, INTERNAL_AUTH_SECRET: 'short' })).toThrow(
      ConfigError,
    );
  });

  it('takes INTERNAL_AUTH_SECRET_PREVIOUS while the secret is rotated, checked like the secret', () => {
    expect(loadConfig(analyticsConfigSchema, BASE).INTERNAL_AUTH_SECRET_PREVIOUS).toBeUndefined();
    expect(
      loadConfig(analyticsConfigSchema, {
        ...BASE,
        INTERNAL_AUTH_SECRET_PREVIOUS: 'the-previous-secret-of-at-least-32-chars',
      }).INTERNAL_AUTH_SECRET_PREVIOUS,
    ).toBe('the-previous-secret-of-at-least-32-chars');
    expect(() =>
      loadConfig(analyticsConfigSchema, { ...BASE, INTERNAL_AUTH_SECRET_PREVIOUS: 'short' }),
    ).toThrow(/INTERNAL_AUTH_SECRET_PREVIOUS must be at least 32 characters/);
  });
});
