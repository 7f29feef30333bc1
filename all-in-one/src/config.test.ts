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
});
