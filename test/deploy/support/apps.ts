/**
 * What each process of the image needs, whichever way it is deployed (docker-compose or
 * Kubernetes): its entry point, the environment it reads at boot, the ports it listens on, its
 * health checks, the other processes it reaches, the folders that must survive a restart, and the
 * values that several processes must share. compose.ts and workloads.ts check a deployment
 * against this.
 */

export type App =
  | 'gateway'
  | 'directory'
  | 'inbox'
  | 'templates'
  | 'campaigns'
  | 'campaigns-worker'
  | 'analytics'
  | 'whatsapp-sim';
export const APPS: App[] = [
  'gateway',
  'directory',
  'inbox',
  'templates',
  'campaigns',
  'campaigns-worker',
  'analytics',
  'whatsapp-sim',
];
export const isApp = (name: unknown): name is App => APPS.includes(name as App);

/** A Kubernetes probe: a gRPC health check of a service name ('' = readiness) or an HTTP GET. */
export type ProbeSpec = { grpc: string } | { http: string };

export interface Reach {
  /** The variable holding `host:port` or a URL. */
  env: string;
  app: App;
  /** The name of the target's port (see `listens`). */
  port: string;
  /** For a URL: the path it must have. */
  path?: string;
  /** A host with a dot (e.g. graph.facebook.com) is outside the deployment and not checked. */
  mayBeExternal?: boolean;
}

export interface AppSpec {
  main: string;
  /** Arguments after `main` that choose what the process runs (the campaigns worker mode). */
  args?: string[];
  /** Read at boot; an entry with alternatives is met by any of them. */
  env: (string | string[])[];
  /** The ports it listens on: the name of the port and the variable that sets it. */
  listens: { port: string; env: string }[];
  readiness: ProbeSpec;
  liveness: ProbeSpec;
  reaches: Reach[];
  /** Variables naming a folder that must be on a persistent, writable volume. */
  persistent: string[];
  /** Variables whose value must match. */
  values: Record<string, RegExp>;
}

const grpcHealth = { readiness: { grpc: '' }, liveness: { grpc: 'liveness' } };

export const APP: Record<App, AppSpec> = {
  gateway: {
    main: 'gateway/dist/main.js',
    env: [
      'PORT',
      'DIRECTORY_GRPC_ADDR',
      'INBOX_GRPC_ADDR',
      'INBOX_HTTP_URL',
      'TEMPLATES_GRPC_ADDR',
      'TEMPLATES_HTTP_URL',
      'CAMPAIGNS_GRPC_ADDR',
      'CAMPAIGNS_HTTP_URL',
      'ANALYTICS_GRPC_ADDR',
      'REDIS_URL',
      'AMQP_URL',
      'INTERNAL_AUTH_SECRET',
      'JWT_PUBLIC_KEY',
      'WHATSAPP_APP_SECRET',
      'WHATSAPP_VERIFY_TOKEN',
    ],
    listens: [{ port: 'http', env: 'PORT' }],
    // The process itself: a dependency's outage must not take every replica out (see /ready).
    readiness: { http: '/api/v1/health' },
    liveness: { http: '/api/v1/health' },
    reaches: [
      { env: 'DIRECTORY_GRPC_ADDR', app: 'directory', port: 'grpc' },
      { env: 'INBOX_GRPC_ADDR', app: 'inbox', port: 'grpc' },
      { env: 'INBOX_HTTP_URL', app: 'inbox', port: 'http' },
      { env: 'TEMPLATES_GRPC_ADDR', app: 'templates', port: 'grpc' },
      { env: 'TEMPLATES_HTTP_URL', app: 'templates', port: 'http' },
      { env: 'CAMPAIGNS_GRPC_ADDR', app: 'campaigns', port: 'grpc' },
      { env: 'CAMPAIGNS_HTTP_URL', app: 'campaigns', port: 'http' },
      { env: 'ANALYTICS_GRPC_ADDR', app: 'analytics', port: 'grpc' },
    ],
    persistent: [],
    values: {},
  },
  directory: {
    main: 'services/directory/dist/main.js',
    env: [
      'GRPC_PORT',
      ['DIRECTORY_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'REDIS_URL',
      'INTERNAL_AUTH_SECRET',
      'JWT_PRIVATE_KEY',
      'JWT_PUBLIC_KEY',
      'PUBLIC_URL',
    ],
    listens: [{ port: 'grpc', env: 'GRPC_PORT' }],
    ...grpcHealth,
    reaches: [],
    persistent: [],
    values: {},
  },
  inbox: {
    main: 'services/inbox/dist/main.js',
    env: [
      'GRPC_PORT',
      'HTTP_PORT',
      ['INBOX_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'DIRECTORY_GRPC_ADDR',
      'INTERNAL_AUTH_SECRET',
      'INBOX_ENCRYPTION_KEY',
      'MEDIA_DIR',
      'WHATSAPP_API_BASE_URL',
      'WHATSAPP_API_VERSION',
      'BOOTSTRAP_CLIENT_ID',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'http', env: 'HTTP_PORT' },
    ],
    ...grpcHealth,
    reaches: [
      { env: 'DIRECTORY_GRPC_ADDR', app: 'directory', port: 'grpc' },
      { env: 'WHATSAPP_API_BASE_URL', app: 'whatsapp-sim', port: 'http', mayBeExternal: true },
    ],
    persistent: ['MEDIA_DIR'],
    values: { MEDIA_DIR: /^\// },
  },
  templates: {
    main: 'services/templates/dist/main.js',
    env: [
      'GRPC_PORT',
      'HTTP_PORT',
      ['TEMPLATES_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'INBOX_GRPC_ADDR',
      'INTERNAL_AUTH_SECRET',
      'MEDIA_DIR',
      // Header-media links WhatsApp fetches; the Meta app of header uploads (may be empty).
      'PUBLIC_URL',
      'WHATSAPP_APP_ID',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'http', env: 'HTTP_PORT' },
    ],
    ...grpcHealth,
    reaches: [{ env: 'INBOX_GRPC_ADDR', app: 'inbox', port: 'grpc' }],
    persistent: ['MEDIA_DIR'],
    values: { MEDIA_DIR: /^\//, WHATSAPP_APP_ID: /^\d*$/ },
  },
  campaigns: {
    main: 'services/campaigns/dist/main.js',
    env: [
      'GRPC_PORT',
      'HTTP_PORT',
      ['CAMPAIGNS_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'REDIS_URL',
      'INTERNAL_AUTH_SECRET',
      'INBOX_GRPC_ADDR',
      'TEMPLATES_GRPC_ADDR',
    ],
    listens: [
      { port: 'grpc', env: 'GRPC_PORT' },
      { port: 'http', env: 'HTTP_PORT' },
    ],
    ...grpcHealth,
    reaches: [
      { env: 'INBOX_GRPC_ADDR', app: 'inbox', port: 'grpc' },
      { env: 'TEMPLATES_GRPC_ADDR', app: 'templates', port: 'grpc' },
    ],
    persistent: [],
    values: {},
  },
  // The same code in worker mode: the send queue's consumer; gRPC health only.
  'campaigns-worker': {
    main: 'services/campaigns/dist/main.js',
    args: ['worker'],
    env: [
      'GRPC_PORT',
      ['CAMPAIGNS_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      // The per-number send rate shared by the replicas: without it each would send at the full rate.
      'REDIS_URL',
      'INTERNAL_AUTH_SECRET',
      'INBOX_GRPC_ADDR',
      'TEMPLATES_GRPC_ADDR',
      'CAMPAIGNS_MODE',
    ],
    listens: [{ port: 'grpc', env: 'GRPC_PORT' }],
    ...grpcHealth,
    reaches: [
      { env: 'INBOX_GRPC_ADDR', app: 'inbox', port: 'grpc' },
      { env: 'TEMPLATES_GRPC_ADDR', app: 'templates', port: 'grpc' },
    ],
    persistent: [],
    values: { CAMPAIGNS_MODE: /^worker$/ },
  },
  // Read models from every service's events; reports cached in Redis for the replicas.
  analytics: {
    main: 'services/analytics/dist/main.js',
    env: [
      'GRPC_PORT',
      ['ANALYTICS_DATABASE_URL', 'DATABASE_URL'],
      'AMQP_URL',
      'REDIS_URL',
      'INTERNAL_AUTH_SECRET',
    ],
    listens: [{ port: 'grpc', env: 'GRPC_PORT' }],
    ...grpcHealth,
    reaches: [],
    persistent: [],
    values: {},
  },
  'whatsapp-sim': {
    main: 'tools/whatsapp-sim/dist/main.js',
    env: [
      'PORT',
      'SIM_HOST',
      'SIM_PUBLIC_URL',
      'WHATSAPP_APP_SECRET',
      'SIM_ACCESS_TOKEN',
      'SIM_PHONE_NUMBER_ID',
      'SIM_WABA_ID',
      'SIM_DISPLAY_NUMBER',
      'SIM_WEBHOOK_URL',
      'SIM_APP_ID',
    ],
    listens: [{ port: 'http', env: 'PORT' }],
    readiness: { http: '/_sim/health' },
    liveness: { http: '/_sim/health' },
    reaches: [
      { env: 'SIM_WEBHOOK_URL', app: 'gateway', port: 'http', path: '/api/v1/webhooks/whatsapp' },
      { env: 'SIM_PUBLIC_URL', app: 'whatsapp-sim', port: 'http' },
    ],
    persistent: [],
    // Its default, 127.0.0.1, is unreachable from other containers.
    values: { SIM_HOST: /^(0\.0\.0\.0|::)$/ },
  },
};

/** Never written in a deployment file: docker-compose passes them as NAME_FILE, Kubernetes from the Secret. */
export const SECRET_ENV = new Set([
  'INTERNAL_AUTH_SECRET',
  'JWT_PRIVATE_KEY',
  'INBOX_ENCRYPTION_KEY',
  'WHATSAPP_APP_SECRET',
  'WHATSAPP_VERIFY_TOKEN',
  'WHATSAPP_ACCESS_TOKEN',
  'SIM_ACCESS_TOKEN',
  'PLATFORM_TOKEN',
]);
/** In Kubernetes the servers' URLs carry real passwords too (docker-compose's are local only). */
export const K8S_SECRET_ENV = new Set([
  ...SECRET_ENV,
  'DATABASE_URL',
  'DIRECTORY_DATABASE_URL',
  'INBOX_DATABASE_URL',
  'TEMPLATES_DATABASE_URL',
  'CAMPAIGNS_DATABASE_URL',
  'ANALYTICS_DATABASE_URL',
  'RABBITMQ_MANAGEMENT_URL',
  'AMQP_URL',
  'REDIS_URL',
  'SMTP_URL',
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

/** `main` and the arguments that choose the mode, in `argv` (a container's command and args). */
export function commandProblems(app: App, argv: string[]): string[] {
  const { main, args = [] } = APP[app];
  const at = argv.indexOf(main);
  if (at < 0) return [`${app}: the command does not run ${main}`];
  const rest = argv.slice(at + 1);
  if (args.every((arg, i) => rest[i] === arg) && rest.length === args.length) return [];
  return [`${app}: runs ${main} with [${rest.join(' ')}], not [${args.join(' ')}]`];
}

export function missingEnv(app: App, provided: (name: string) => boolean): string[] {
  return APP[app].env
    .map((entry) => [entry].flat())
    .filter((names) => !names.some(provided))
    .map((names) => `${app}: environment lacks ${names.join(' or ')}`);
}

export function valueProblems(app: App, valueOf: (name: string) => string | undefined): string[] {
  return Object.entries(APP[app].values)
    .filter(([name]) => valueOf(name) !== undefined && !APP[app].values[name].test(valueOf(name)!))
    .map(([name, pattern]) => `${app}: ${name}=${valueOf(name)} does not match ${pattern}`);
}

/** `host:port` or a URL (its port defaults by scheme). */
export function parseAddress(value: string): { host: string; port: number; path: string } | undefined {
  if (value.includes('://')) {
    try {
      const url = new URL(value);
      const port = url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80;
      return { host: url.hostname, port, path: url.pathname };
    } catch {
      return undefined;
    }
  }
  const match = /^([^:/\s]+):(\d+)$/.exec(value);
  return match ? { host: match[1], port: Number(match[2]), path: '' } : undefined;
}

/**
 * Whether each of an app's addresses reaches the app and port it must. `resolve` says which app
 * and port name a host and port lead to in this deployment, or why they lead nowhere.
 */
export function reachProblems(
  app: App,
  valueOf: (name: string) => string | undefined,
  resolve: (host: string, port: number) => { app: string; port: string } | string,
  present: (target: App) => boolean,
): string[] {
  return APP[app].reaches.flatMap((reach) => {
    const value = valueOf(reach.env);
    if (value === undefined) return [];
    const address = parseAddress(value);
    if (!address) return [`${app}: ${reach.env}=${value} is no address`];
    if (reach.mayBeExternal && address.host.includes('.')) return [];
    if (reach.mayBeExternal && !present(reach.app)) {
      return [`${app}: ${reach.env}=${value}, but there is no ${reach.app} here`];
    }
    const target = resolve(address.host, address.port);
    const wanted = `${reach.app} port ${reach.port}`;
    if (typeof target === 'string') return [`${app}: ${reach.env}=${value} reaches nothing (${target})`];
    const problems: string[] = [];
    if (target.app !== reach.app || target.port !== reach.port) {
      problems.push(`${app}: ${reach.env}=${value} reaches ${target.app} port ${target.port}, not ${wanted}`);
    }
    if (reach.path !== undefined && address.path !== reach.path) {
      problems.push(`${app}: ${reach.env}=${value} should have the path ${reach.path}`);
    }
    return problems;
  });
}

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
