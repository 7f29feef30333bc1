/**
 * The shape of apps.ts's table: the processes of the image and what is recorded of each. A
 * deployment is checked against the table, the table against the code (code-facts.ts).
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

/** Servers outside the deployment, by the port they listen on. */
export const SERVER_PORTS = {
  postgresql: 5432,
  rabbitmq: 5672,
  redis: 6379,
  smtp: 587,
  /** WhatsApp's Graph API, an S3 bucket, an LLM. */
  https: 443,
} as const;
export type Server = keyof typeof SERVER_PORTS;

export interface AppSpec {
  main: string;
  /** Arguments after `main` that choose what the process runs (the campaigns worker mode). */
  args?: string[];
  /** The TypeScript source of `main`: its shutdown steps and metrics server (code-facts.ts). */
  source: string;
  /** Read at boot; an entry with alternatives is met by any of them. */
  env: (string | string[])[];
  /** The ports it listens on: the name of the port and the variable that sets it. */
  listens: { port: string; env: string }[];
  readiness: ProbeSpec;
  liveness: ProbeSpec;
  reaches: Reach[];
  /** It calls the WhatsApp Cloud API at a channel's base URL (the simulator's in overlays/dev). */
  callsWhatsApp?: boolean;
  /** Servers outside the deployment it connects to. */
  servers: Server[];
  /** The service whose `migrate.js` owns its database schema. */
  schemaOf?: 'directory' | 'inbox' | 'templates' | 'campaigns' | 'analytics';
  /** Variables naming a folder that must be set, on a persistent, writable volume (unless BLOB_STORE=s3). */
  persistent: string[];
  /** Of those, the folders it still writes with BLOB_STORE=s3 (uploads in progress): on a writable volume of any kind. */
  scratch?: string[];
  /**
   * Exactly one replica, replaced with Recreate, never autoscaled: a second copy, even for the
   * seconds of a rolling update, would break it (an ordered consumer, state in memory).
   */
  singleton?: boolean;
  /** Variables whose value must match. */
  values: Record<string, RegExp>;
}
