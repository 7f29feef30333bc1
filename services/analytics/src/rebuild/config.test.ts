import { ConfigError, loadConfig } from '@inbox/platform';
import { rebuildConfigSchema } from './config';

const SECRET = 'an-internal-secret-of-at-least-32-characters';

describe('the distributed rebuild command’s configuration', () => {
  it('the services over gRPC at their usual addresses, its own database first', () => {
    const config = loadConfig(rebuildConfigSchema, {
      DATABASE_URL: 'postgres://postgres@db:5432/inbox',
      ANALYTICS_DATABASE_URL: 'postgres://postgres@db:5432/analytics',
      INTERNAL_AUTH_SECRET: SECRET,
      INBOX_GRPC_ADDR: 'inbox:50052',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgres://postgres@db:5432/analytics',
      DIRECTORY_GRPC_ADDR: '127.0.0.1:50051',
      INBOX_GRPC_ADDR: 'inbox:50052',
      CAMPAIGNS_GRPC_ADDR: '127.0.0.1:50054',
    });
  });

  it('refuses to run without a database URL, pointing at the all-in-one command', () => {
    expect(() => loadConfig(rebuildConfigSchema, { INTERNAL_AUTH_SECRET: SECRET })).toThrow(
      /npm run analytics:rebuild/,
    );
  });

  it('refuses a database URL without the internal secret that signs the calls', () => {
    expect(() =>
      loadConfig(rebuildConfigSchema, { DATABASE_URL: 'postgres://postgres@db:5432/inbox' }),
    ).toThrow(/INTERNAL_AUTH_SECRET/);
    expect(() =>
      loadConfig(rebuildConfigSchema, { DATABASE_URL: 'postgres://db/x', INTERNAL_AUTH_SECRET: 'short' }),
    ).toThrow(ConfigError);
  });
});
