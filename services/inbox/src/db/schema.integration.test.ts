import { newId, isUniqueViolation, type Database } from '@inbox/platform';
import { openTestDatabase } from '@inbox/platform/testing';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './location';
import { conversations, messages } from './schema';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
  // Applying again is a no-op (every start runs migrations).
  await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
});
afterAll(() => database.close());

const conversation = (waId: string, status: string) => ({
  id: newId(),
  orgId: 1,
  waId,
  status,
  origin: 'CUSTOMER',
});
const insertError = (fn: () => Promise<unknown>) =>
  fn().then(
    () => null,
    (e: unknown) => e,
  );

describe('inbox schema guarantees', () => {
  it('allows one active conversation per contact, and any number of closed ones', async () => {
    await database.db
      .insert(conversations)
      .values([conversation('521', 'CLOSED'), conversation('521', 'CLOSED'), conversation('521', 'OPEN')]);
    const error = await insertError(() =>
      database.db.insert(conversations).values(conversation('521', 'BOT_HANDLING')),
    );
    expect(isUniqueViolation(error)).toBe(true);
    // Another organization's contact with the same number is independent.
    await database.db.insert(conversations).values({ ...conversation('521', 'OPEN'), orgId: 2 });
  });

  it('stores a platform message id once per organization', async () => {
    const message = {
      conversationId: 'c',
      direction: 'inbound',
      sender: 'customer',
      type: 'text',
      status: 'RECEIVED',
      providerMessageId: 'wamid.X',
    };
    await database.db.insert(messages).values({ ...message, id: newId(), orgId: 1 });
    expect(
      isUniqueViolation(
        await insertError(() => database.db.insert(messages).values({ ...message, id: newId(), orgId: 1 })),
      ),
    ).toBe(true);
    await database.db.insert(messages).values({ ...message, id: newId(), orgId: 2 });
    // Messages without a platform id yet (outbound, before the send) are not constrained.
    await database.db.insert(messages).values([
      { ...message, id: newId(), orgId: 1, providerMessageId: null },
      { ...message, id: newId(), orgId: 1, providerMessageId: null },
    ]);
  });
});
