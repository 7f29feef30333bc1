/**
 * docker-compose.yml: the structure docker-compose 1.29 accepts, and each app against apps.ts
 * (command, environment, health check, volumes, the addresses it reaches). The secrets the
 * `secrets` job writes are checked against a folder it filled (see composeSecretProblems).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { App } from './apps';
import { APP, APPS, isApp } from './apps';
import {
  BUCKET_ENV,
  commandProblems,
  missingEnv,
  parseAddress,
  reachProblems,
  usesBucket,
  valueProblems,
} from './app-problems';
import { SECRET_ENV, sharedProblems } from './shared-values';
import { userFolders } from './dockerfile';
import { loadYaml, ROOT } from './files';

export interface ComposeService {
  image?: string;
  build?: unknown;
  command?: string | string[];
  environment?: Record<string, unknown> | string[];
  healthcheck?: { test?: unknown; disable?: boolean };
  depends_on?: string[] | Record<string, { condition?: string }>;
  volumes?: (string | { source?: string; target: string; read_only?: boolean })[];
  profiles?: string[];
}
export interface ComposeFile {
  version?: unknown;
  services?: Record<string, ComposeService>;
  volumes?: Record<string, unknown>;
  [key: string]: unknown;
}

export const composeFile = () => loadYaml(path.join(ROOT, 'docker-compose.yml'))[0] as ComposeFile;

/** Apps docker-compose must run; the simulator is optional but checked when present. */
const REQUIRED_APPS: App[] = [
  'gateway',
  'directory',
  'inbox',
  'templates',
  'campaigns',
  'campaigns-worker',
  'analytics',
];
const CONDITIONS = new Set(['service_started', 'service_healthy', 'service_completed_successfully']);

/** The environment as written: `${NAME:-default}` read as its default, `${NAME}` as empty. */
export function environmentOf(service: ComposeService): Map<string, string> {
  const env = service.environment ?? {};
  const entries: [string, unknown][] = Array.isArray(env)
    ? env.map((item) => [item.split('=')[0], item.split('=').slice(1).join('=')])
    : Object.entries(env);
  const interpolate = (value: unknown) =>
    String(value ?? '').replace(/\$\{[A-Za-z_][A-Za-z0-9_]*(?::?-([^}]*))?\}/g, (_m, d: string) => d ?? '');
  return new Map(entries.map(([name, value]) => [name, interpolate(value)]));
}

export function mountsOf(service: ComposeService) {
  return (service.volumes ?? []).map((v) => {
    if (typeof v !== 'string') return { ...v, readOnly: v.read_only === true };
    const [source, target, mode] = v.split(':');
    return target ? { source, target, readOnly: mode === 'ro' } : { target: source, readOnly: false };
  });
}

const isBind = (source: string) => /^[./~]/.test(source);

/** Which app and port name a compose host and port lead to. */
function resolver(services: Record<string, ComposeService>) {
  return (host: string, port: number) => {
    if (!services[host]) return `no service ${host}`;
    if (!isApp(host)) return `${host} is no app`;
    const env = environmentOf(services[host]);
    const listen = APP[host].listens.find((l) => env.get(l.env) === String(port));
    return listen ? { app: host, port: listen.port } : `${host} listens on no port ${port}`;
  };
}

function appProblems(app: App, services: Record<string, ComposeService>, volumes: object): string[] {
  const service = services[app];
  const problems: string[] = [];
  if (!service.healthcheck?.test || service.healthcheck.disable) problems.push(`${app}: no healthcheck`);
  const readiness = APP[app].readiness;
  const checks = [service.healthcheck?.test ?? []].flat().map(String);
  if (service.healthcheck?.test && 'http' in readiness && !checks.some((a) => a.endsWith(readiness.http)))
    problems.push(`${app}: healthcheck must GET ${readiness.http}`);
  problems.push(...commandProblems(app, [service.command ?? []].flat()));
  const env = environmentOf(service);
  // env-from-files.js: NAME_FILE fills NAME when NAME is unset or empty.
  const given = (name: string) => (env.get(name) ?? '') !== '' || env.has(`${name}_FILE`);
  problems.push(...missingEnv(app, given));
  const mounts = mountsOf(service);
  for (const [name, value] of env) {
    if (name.endsWith('_FILE') && !mounts.some((m) => value.startsWith(`${m.target}/`))) {
      problems.push(`${app}: ${name}=${value} is in no mounted volume`);
    }
    // Only `${NAME:-}` (a developer's value from .env) may stand beside NAME_FILE.
    if (SECRET_ENV.has(name) && value !== '') {
      problems.push(`${app}: ${name} is written in docker-compose.yml; pass it as ${name}_FILE`);
    }
  }
  problems.push(...valueProblems(app, (name) => env.get(name)));
  const bucket = usesBucket((name) => env.get(name));
  if (bucket) problems.push(...bucketProblems(app, services));
  for (const name of bucket ? [] : APP[app].persistent) {
    const dir = env.get(name);
    if (dir === undefined) {
      problems.push(`${app}: environment lacks ${name}`);
      continue;
    }
    const mount = mounts.find((m) => dir === m.target || dir.startsWith(`${m.target}/`));
    if (!mount?.source || isBind(mount.source) || !(mount.source in volumes)) {
      problems.push(`${app}: ${name}=${dir} is on no named volume`);
    } else if (mount.readOnly) problems.push(`${app}: ${name}=${dir} is mounted read-only`);
  }
  const present = (a: App) => a in services;
  problems.push(...reachProblems(app, (name) => env.get(name), resolver(services), present));
  return problems;
}

/**
 * Media in a bucket (BLOB_STORE=s3): its settings are given, its endpoint is a service here (or
 * outside, with a dot), and the app waits for the one-shot job that creates the bucket.
 */
function bucketProblems(app: App, services: Record<string, ComposeService>): string[] {
  const env = environmentOf(services[app]);
  const problems = BUCKET_ENV.filter((name) => !env.get(name)).map(
    (name) => `${app}: BLOB_STORE=s3 without ${name}`,
  );
  const endpoint = env.get('S3_ENDPOINT') ? parseAddress(env.get('S3_ENDPOINT')!) : undefined;
  if (endpoint && !endpoint.host.includes('.') && !services[endpoint.host]) {
    problems.push(`${app}: S3_ENDPOINT=${env.get('S3_ENDPOINT')} reaches no service`);
  }
  const bucket = env.get('S3_BUCKET');
  if (!bucket) return problems;
  const deps = services[app].depends_on ?? {};
  const waitsFor = (name: string) =>
    !Array.isArray(deps) && deps[name]?.condition === 'service_completed_successfully';
  const creator = Object.entries(services).find(([, s]) =>
    [s.command ?? []].flat().some((arg) => String(arg).endsWith(`/${bucket}`)),
  );
  if (!creator) problems.push(`${app}: no service creates the bucket ${bucket}`);
  else if (!waitsFor(creator[0]))
    problems.push(`${app}: does not wait for ${creator[0]} to create the bucket`);
  return problems;
}

export function composeProblems(compose: ComposeFile): string[] {
  const problems: string[] = [];
  if ('name' in compose) problems.push('top-level `name:` (docker-compose 1.29 rejects it)');
  if (compose.version !== undefined && !/^3(\.\d+)?$/.test(String(compose.version))) {
    problems.push(`version ${compose.version}: use 3.x or none`);
  }
  const services = compose.services ?? {};
  const volumes = compose.volumes ?? {};
  for (const [name, service] of Object.entries(services)) {
    if (!service.image && !service.build) problems.push(`${name}: neither image nor build`);
    const dependsOn = service.depends_on ?? [];
    const deps: [string, { condition?: string }][] = Array.isArray(dependsOn)
      ? dependsOn.map((d) => [d, {}])
      : Object.entries(dependsOn);
    for (const [dep, { condition }] of deps) {
      if (!services[dep]) problems.push(`${name}: depends on ${dep}, which is no service`);
      else if (condition === 'service_healthy' && !services[dep].healthcheck?.test) {
        problems.push(`${name}: waits for ${dep} to be healthy, which has no healthcheck`);
      }
      if (condition !== undefined && !CONDITIONS.has(condition)) {
        problems.push(`${name}: unknown condition ${condition}`);
      }
    }
    for (const { source } of mountsOf(service)) {
      if (source && !isBind(source) && !(source in volumes)) {
        problems.push(`${name}: volume ${source} is not declared`);
      }
      if (source && isBind(source) && !fs.existsSync(path.join(ROOT, source))) {
        problems.push(`${name}: bind-mounted ${source} does not exist`);
      }
    }
    const args = [service.command ?? [], service.healthcheck?.test ?? []].flat() as string[];
    for (const script of args.filter((a) => /^(\.\/)?deploy\/.+\.js$/.test(a))) {
      if (!fs.existsSync(path.join(ROOT, script))) problems.push(`${name}: ${script} does not exist`);
    }
  }
  for (const app of REQUIRED_APPS) if (!services[app]) problems.push(`no service ${app}`);
  for (const app of APPS.filter((a) => services[a])) problems.push(...appProblems(app, services, volumes));
  return problems;
}

/**
 * With `generated`, a folder deploy/docker/dev-secrets.js filled as the `secrets` service does:
 * every NAME_FILE names a file it writes, in a volume it mounts, and values shared between apps
 * are equal once read (an empty or missing NAME is read from NAME_FILE, as env-from-files.js does).
 */
export function composeSecretProblems(compose: ComposeFile, generated: string): string[] {
  const services = compose.services ?? {};
  const job = services.secrets;
  if (!job) return ['no service secrets'];
  const root = [job.command ?? []].flat().at(-1) ?? '/secrets';
  const jobMounts = mountsOf(job);
  const problems: string[] = [];
  /** The generated file a path in a service's container shows, or why there is none. */
  const fileOf = (service: ComposeService, file: string): string => {
    const mount = mountsOf(service).find((m) => file.startsWith(`${m.target}/`));
    const written = jobMounts.find((m) => m.source === mount?.source);
    if (!mount || !written) return `is in no volume the secrets job writes`;
    const inJob = path.posix.join(written.target, file.slice(mount.target.length));
    const local = path.join(generated, path.posix.relative(root, inJob));
    return fs.existsSync(local) ? local : `is not written by the secrets job`;
  };
  const present = APPS.filter((a) => services[a]);
  for (const app of present) {
    for (const [name, value] of environmentOf(services[app])) {
      const file = name.endsWith('_FILE') ? fileOf(services[app], value) : undefined;
      if (file && !path.isAbsolute(file)) problems.push(`${app}: ${name}=${value} ${file}`);
    }
  }
  const valueOf = (app: App, name: string) => {
    const env = environmentOf(services[app]);
    if (env.get(name)) return env.get(name);
    const file = env.has(`${name}_FILE`) ? fileOf(services[app], env.get(`${name}_FILE`)!) : undefined;
    return file && path.isAbsolute(file) ? fs.readFileSync(file, 'utf8').replace(/\r?\n$/, '') : undefined;
  };
  return [...problems, ...sharedProblems(present, valueOf)];
}

/** Each persistent folder's named volume is mounted where the image made a folder for its user. */
export function volumeOwnerProblems(compose: ComposeFile, dockerfile: string): string[] {
  const services = compose.services ?? {};
  const owned = userFolders(dockerfile);
  return APPS.filter((app) => services[app]).flatMap((app) =>
    APP[app].persistent.flatMap((name) => {
      const dir = environmentOf(services[app]).get(name) ?? '';
      const mount = mountsOf(services[app]).find((m) => dir === m.target || dir.startsWith(`${m.target}/`));
      if (!mount || owned.includes(mount.target)) return [];
      return [
        `${app}: ${mount.target} (${name}) is no folder the image makes for its user: a new volume would be root's`,
      ];
    }),
  );
}
