import { pgSchema } from 'drizzle-orm/pg-core';

/** The analytics service's PostgreSQL schema: its tables are in schema.ts and rollups.ts. */
export const analytics = pgSchema('analytics');
