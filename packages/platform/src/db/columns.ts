import { timestamp } from 'drizzle-orm/pg-core';

/** Every service stores instants the same way: timestamptz, read as Date. */
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAtColumn = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAtColumn = () => timestamptz('updated_at').notNull().defaultNow();
