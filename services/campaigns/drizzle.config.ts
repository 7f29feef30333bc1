import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after a change to src/db/schema.ts;
// the service applies pending migrations at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/campaigns/src/db/schema.ts',
  out: './services/campaigns/src/db/migrations',
  schemaFilter: ['campaigns'],
});
