/**
 * Values that are secret (never written in a deployment file) and values several processes must
 * share, whichever way they are deployed.
 */
import type { App } from './apps';

/** Never written in a deployment file: docker-compose passes them as NAME_FILE, Kubernetes as files of a Secret. */
export const SECRET_ENV = new Set([
  'INTERNAL_AUTH_SECRET',
  'JWT_PRIVATE_KEY',
  'INBOX_ENCRYPTION_KEY',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_ACCESS_TOKEN',
  'SIM_ACCESS_TOKEN',
  'PLATFORM_TOKEN',
  'LLM_API_KEY',
]);
/** In Kubernetes the servers' URLs and the bucket's key carry real passwords too (docker-compose's are local only). */
export const K8S_SECRET_ENV = new Set([
  ...SECRET_ENV,
  'DATABASE_URL',
  'DIRECTORY_DATABASE_URL',
  'INBOX_DATABASE_URL',
  'TEMPLATES_DATABASE_URL',
  'CAMPAIGNS_DATABASE_URL',
  'ANALYTICS_DATABASE_URL',
  'MIGRATION_DATABASE_URL',
  'RABBITMQ_MANAGEMENT_URL',
  'AMQP_URL',
  'REDIS_URL',
  'SMTP_URL',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
]);

/** Values that must be the same in every process using them (where at least two of them run). */
export const SHARED: { what: string; uses: [App, string][] }[] = [
  {
    what: 'the internal auth secret',
    uses: [
      ['gateway', 'INTERNAL_AUTH_SECRET'],
      ['directory', 'INTERNAL_AUTH_SECRET'],
      ['inbox', 'INTERNAL_AUTH_SECRET'],
      ['templates', 'INTERNAL_AUTH_SECRET'],
      ['campaigns', 'INTERNAL_AUTH_SECRET'],
      ['campaigns-worker', 'INTERNAL_AUTH_SECRET'],
      ['analytics', 'INTERNAL_AUTH_SECRET'],
    ],
  },
  {
    what: 'the Meta app id of header uploads',
    uses: [
      ['templates', 'WHATSAPP_APP_ID'],
      ['whatsapp-sim', 'SIM_APP_ID'],
    ],
  },
  {
    what: "the campaigns service's database",
    uses: [
      ['campaigns', 'CAMPAIGNS_DATABASE_URL'],
      ['campaigns-worker', 'CAMPAIGNS_DATABASE_URL'],
    ],
  },
  {
    what: 'the token public key',
    uses: [
      ['gateway', 'JWT_PUBLIC_KEY'],
      ['directory', 'JWT_PUBLIC_KEY'],
    ],
  },
  {
    what: 'the webhook app secret',
    uses: [
      ['gateway', 'WHATSAPP_APP_SECRET'],
      ['whatsapp-sim', 'WHATSAPP_APP_SECRET'],
    ],
  },
  {
    what: 'the channel access token',
    uses: [
      ['inbox', 'WHATSAPP_ACCESS_TOKEN'],
      ['whatsapp-sim', 'SIM_ACCESS_TOKEN'],
    ],
  },
  ...(
    [
      ['phone number id', 'WHATSAPP_PHONE_NUMBER_ID', 'SIM_PHONE_NUMBER_ID'],
      ['WABA id', 'WHATSAPP_WABA_ID', 'SIM_WABA_ID'],
      ['display number', 'WHATSAPP_DISPLAY_PHONE_NUMBER', 'SIM_DISPLAY_NUMBER'],
    ] as const
  ).map(([what, inbox, sim]) => ({
    what: `the channel's ${what}`,
    uses: [
      ['inbox', inbox],
      ['whatsapp-sim', sim],
    ] as [App, string][],
  })),
];

/** `valueOf(app, name)` is whatever identifies a value (its text, or the Secret key it comes from). */
export function sharedProblems(
  present: App[],
  valueOf: (app: App, name: string) => string | undefined,
): string[] {
  return SHARED.flatMap(({ what, uses }) => {
    const here = uses.filter(([app]) => present.includes(app));
    if (here.length < 2) return [];
    const values = here.map(([app, name]) => valueOf(app, name));
    if (values.every((v) => v !== undefined && v === values[0])) return [];
    return [`${what} differs: ${here.map(([app, name]) => `${app} ${name}`).join(', ')}`];
  });
}
