import { allInOneConfigSchema } from './config';

const issuesOf = (env: Record<string, string>) => {
  const result = allInOneConfigSchema.safeParse(env);
  return result.success ? [] : result.error.issues.map((i) => i.path.join('.'));
};

describe('the all-in-one configuration', () => {
  it('starts with nothing set: embedded database, durable embedded bus', () => {
    expect(issuesOf({})).toEqual([]);
  });

  it('refuses a PostgreSQL without RabbitMQ: the embedded bus assumes one process owns the database', () => {
    expect(issuesOf({ DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/inbox' })).toEqual(['AMQP_URL']);
    expect(
      issuesOf({
        DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/inbox',
        AMQP_URL: 'amqp://guest:guest@127.0.0.1:5672',
      }),
    ).toEqual([]);
  });

  it('takes the Meta app id of header uploads as digits, and a sync interval (0: none) up to a week', () => {
    expect(allInOneConfigSchema.parse({ WHATSAPP_APP_ID: '1234567890' })).toMatchObject({
      WHATSAPP_APP_ID: '1234567890',
      TEMPLATES_SYNC_INTERVAL_SECONDS: 3600,
    });
    expect(
      allInOneConfigSchema.parse({ TEMPLATES_SYNC_INTERVAL_SECONDS: '0' }).TEMPLATES_SYNC_INTERVAL_SECONDS,
    ).toBe(0);
    expect(issuesOf({ WHATSAPP_APP_ID: 'my-app' })).toEqual(['WHATSAPP_APP_ID']);
    expect(issuesOf({ TEMPLATES_SYNC_INTERVAL_SECONDS: '-1' })).toEqual(['TEMPLATES_SYNC_INTERVAL_SECONDS']);
    expect(issuesOf({ TEMPLATES_SYNC_INTERVAL_SECONDS: String(8 * 86_400) })).toEqual([
      'TEMPLATES_SYNC_INTERVAL_SECONDS',
    ]);
  });
});
