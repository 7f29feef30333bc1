import path from 'node:path';
import { parseArgs } from 'node:util';
import { createLogger, DomainError, generateSigningKeys, openPglite, openPostgres } from '@inbox/platform';
import type { DirectoryDeps } from './deps';
import { createDirectoryEventRecorder } from './events';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './service';
import { createOrganization, PLATFORM_CALLER } from './usecases/organizations/create-organization';

const USAGE = `Usage: inbox-directory create-organization --name NAME --admin-email EMAIL --admin-name NAME --admin-password PASSWORD [--client-id N]
Uses DIRECTORY_DATABASE_URL or DATABASE_URL; without either, the all-in-one data in DATA_DIR (default ./data; stop the all-in-one first).`;

/** Operators' command line: the same use case as POST /api/v1/platform/organizations. */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      name: { type: 'string' },
      'admin-email': { type: 'string' },
      'admin-name': { type: 'string' },
      'admin-password': { type: 'string' },
      'client-id': { type: 'string' },
    },
  });
  if (
    positionals[0] !== 'create-organization' ||
    !values.name ||
    !values['admin-email'] ||
    !values['admin-password']
  ) {
    console.error(USAGE);
    return 2;
  }
  const url = process.env.DIRECTORY_DATABASE_URL ?? process.env.DATABASE_URL;
  const database = url
    ? openPostgres(url, { max: 1 })
    : await openPglite(path.resolve(process.env.DATA_DIR ?? './data', 'pglite'));
  try {
    await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
    const deps: DirectoryDeps = {
      db: database.db,
      // No relay here: the directory service publishes these outbox rows when it next runs.
      events: createDirectoryEventRecorder({ nudge: () => undefined }, () => new Date()),
      mailer: { send: async () => undefined },
      settings: {
        accessTokenTtlSeconds: 900,
        refreshTokenTtlDays: 30,
        invitationTtlHours: 168,
        publicUrl: '',
        signingKeys: generateSigningKeys(),
      },
      logger: createLogger('directory-cli', 'warn'),
      now: () => new Date(),
    };
    const created = await createOrganization(deps, PLATFORM_CALLER, {
      clientId: values['client-id'] ? Number(values['client-id']) : undefined,
      name: values.name,
      admin: {
        email: values['admin-email'],
        name: values['admin-name'] ?? values['admin-email'],
        password: values['admin-password'],
      },
    });
    console.log(JSON.stringify(created));
    return 0;
  } catch (error) {
    if (error instanceof DomainError) {
      console.error(
        `${error.code}: ${error.message}${error.fields.map((f) => `\n  ${f.path}: ${f.message}`).join('')}`,
      );
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
