import { defineConfig } from 'drizzle-kit';

// `npm run db:generate:inbox` writes a new SQL migration after a change to src/db/schema.ts;
// the service applies pending migrations at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/inbox/src/db/schema.ts',
  out: './services/inbox/src/db/migrations',
  schemaFilter: ['inbox'],
});
