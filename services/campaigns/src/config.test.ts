import { ConfigError, loadConfig } from '@inbox/platform';
import { campaignsConfigSchema, settingsOf } from './config';

const BASE = {
  DATABASE_URL: 'postgres://postgres@db:5432/inbox',
  AMQP_URL: 'amqp://guest:guest@mq:5672',
  INTERNAL_AUTH_SECRET: 'an-internal-secret-of-at-least-32-characters',
};

describe('the campaigns configuration', () => {
  it('defaults to the API on 50054/8084 at 80 or 1,000 sends per second, slices of 100', () => {
    const config = loadConfig(campaignsConfigSchema, BASE);
    expect(config).toMatchObject({
      GRPC_PORT: 50054,
      HTTP_PORT: 8084,
      CAMPAIGNS_MODE: 'api',
      INBOX_GRPC_ADDR: '127.0.0.1:50052',
      TEMPLATES_GRPC_ADDR: '127.0.0.1:50053',
      databaseUrl: BASE.DATABASE_URL,
    });
    expect(settingsOf(config)).toMatchObject({
      standardSendRate: 80,
      highSendRate: 1000,
      sendRateOverride: undefined,
      sliceSize: 100,
    });
  });

  it('takes its own database, a fixed send rate and the worker mode', () => {
    const config = loadConfig(campaignsConfigSchema, {
      ...BASE,
      CAMPAIGNS_DATABASE_URL: 'postgres://postgres@other:5432/campaigns',
      CAMPAIGNS_SEND_RATE: '20',
      CAMPAIGNS_MODE: 'worker',
    });
    expect(config.databaseUrl).toBe('postgres://postgres@other:5432/campaigns');
    expect(settingsOf(config).sendRateOverride).toBe(20);
    expect(config.CAMPAIGNS_MODE).toBe('worker');
    expect(
      loadConfig(campaignsConfigSchema, { ...BASE, CAMPAIGNS_SEND_RATE: '' }).CAMPAIGNS_SEND_RATE,
    ).toBeUndefined();
  });

  it('refuses a missing database, a zero rate and an unknown mode', () => {
    const { DATABASE_URL: _, ...noDatabase } = BASE;
    expect(() => loadConfig(campaignsConfigSchema, noDatabase)).toThrow(ConfigError);
    expect(() => loadConfig(campaignsConfigSchema, { ...BASE, CAMPAIGNS_SEND_RATE: '0' })).toThrow(
      ConfigError,
    );
    expect(() => loadConfig(campaignsConfigSchema, { ...BASE, CAMPAIGNS_MODE: 'both' })).toThrow(
      /CAMPAIGNS_MODE/,
    );
  });

  it('takes INTERNAL_AUTH_SECRET_PREVIOUS while the secret is rotated, checked like the secret', () => {
    expect(loadConfig(campaignsConfigSchema, BASE).INTERNAL_AUTH_SECRET_PREVIOUS).toBeUndefined();
    expect(
      loadConfig(campaignsConfigSchema, {
        ...BASE,
        INTERNAL_AUTH_SECRET_PREVIOUS: 'the-previous-secret-of-at-least-32-chars',
      }).INTERNAL_AUTH_SECRET_PREVIOUS,
    ).toBe('the-previous-secret-of-at-least-32-chars');
    expect(() =>
      loadConfig(campaignsConfigSchema, { ...BASE, INTERNAL_AUTH_SECRET_PREVIOUS: 'short' }),
    ).toThrow(/INTERNAL_AUTH_SECRET_PREVIOUS must be at least 32 characters/);
  });
});
