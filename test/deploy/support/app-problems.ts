/** One app's deployment (command, environment, values, addresses) against apps.ts, however it is deployed. */
import type { App } from './apps';
import { APP } from './apps';

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

/** Media in a bucket: the persistent folders need no volume, the bucket's settings are needed instead. */
export function usesBucket(valueOf: (name: string) => string | undefined): boolean {
  return valueOf('BLOB_STORE') === 's3';
}
export const BUCKET_ENV = ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'];

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
