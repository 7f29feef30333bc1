import path from 'node:path';
import { parseArgs } from 'node:util';
import {
  createLogger,
  DomainError,
  generateSigningKeys,
  openPglite,
  openPostgres,
  type Database,
} from '@inbox/platform';
import { newPassword } from './auth/secrets';
import type { DirectoryDeps } from './deps';
import { createDirectoryEventRecorder } from './events';
import { DB_SCHEMA, MIGRATIONS_FOLDER } from './service';
import { setPasswordByOperator } from './usecases/auth/set-password-by-operator';
import { createOrganization, PLATFORM_CALLER } from './usecases/organizations/create-organization';

const USAGE = `Usage:
  inbox-directory create-organization --name NAME --admin-email EMAIL --admin-name NAME --admin-password PASSWORD [--client-id N]
  inbox-directory reset-password --email EMAIL [--client-id N (default 1)] [--password PASSWORD (default: a random one, printed)]
Uses DIRECTORY_DATABASE_URL or DATABASE_URL; without either, the all-in-one data in DATA_DIR (default ./data; stop the all-in-one first).`;

const OPTIONS = {
  name: { type: 'string' },
  'admin-email': { type: 'string' },
  'admin-name': { type: 'string' },
  'admin-password': { type: 'string' },
  'client-id': { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
} as const;
type Values = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

function cliDeps(database: Database): DirectoryDeps {
  return {
    db: database.db,
    // No relay here: the directory service publishes these outbox rows when it next runs.
    events: createDirectoryEventRecorder({ nudge: () => undefined }, () => new Date()),
    mailer: { send: async () => undefined },
    settings: {
      accessTokenTtlSeconds: 900,
      refreshTokenTtlDays: 30,
      invitationTtlHours: 168,
      passwordResetTtlHours: 24,
      publicUrl: '',
      signingKeys: generateSigningKeys(),
    },
    logger: createLogger('directory-cli', 'warn'),
    now: () => new Date(),
  };
}

/** Each command: null when its options are incomplete (usage is printed), else what to run. */
const COMMANDS: Record<string, (v: Values) => ((deps: DirectoryDeps) => Promise<void>) | null> = {
  'create-organization': (v) => {
    if (!v.name || !v['admin-email'] || !v['admin-password']) return null;
    return async (deps) => {
      const created = await createOrganization(deps, PLATFORM_CALLER, {
        clientId: v['client-id'] ? Number(v['client-id']) : undefined,
        name: v.name!,
        admin: {
          email: v['admin-email']!,
          name: v['admin-name'] ?? v['admin-email']!,
          password: v['admin-password']!,
        },
      });
      console.log(JSON.stringify(created));
    };
  },
  'reset-password': (v) => {
    if (!v.email) return null;
    return async (deps) => {
      const password = v.password ?? newPassword();
      const clientId = Number(v['client-id'] ?? 1);
      const user = await setPasswordByOperator(deps, { clientId, email: v.email! }, password);
      // Printed only when generated: a password given on the command line is already known.
      console.log(
        `Password of ${user.email} (organization ${clientId}) replaced; their sessions are ended.` +
          (v.password ? '' : `\nNew password: ${password}`),
      );
    };
  },
};

/** Operators' command line: the same use cases as the platform API, plus a way back in. */
async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  const run = COMMANDS[positionals[0] ?? '']?.(values);
  if (!run) {
    console.error(USAGE);
    return 2;
  }
  const url = process.env.DIRECTORY_DATABASE_URL ?? process.env.DATABASE_URL;
  const database = url
    ? openPostgres(url, { max: 1 })
    : await openPglite(path.resolve(process.env.DATA_DIR ?? './data', 'pglite'));
  try {
    await database.migrate(DB_SCHEMA, MIGRATIONS_FOLDER);
    await run(cliDeps(database));
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
