import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` writes a new SQL migration after a change to src/db/schema.ts;
// the service applies pending migrations at boot.
export default defineConfig({
  dialect: 'postgresql',
  schema: './services/directory/src/db/schema.ts',
  out: './services/directory/src/db/migrations',
  schemaFilter: ['directory'],
});
