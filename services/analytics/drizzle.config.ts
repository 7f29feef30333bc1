import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after a change to src/db/schema.ts;
// the service applies pending migrations at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/analytics/src/db/schema.ts',
  out: './services/analytics/src/db/migrations',
  schemaFilter: ['analytics'],
});
