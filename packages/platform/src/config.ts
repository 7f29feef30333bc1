import { createPrivateKey, createPublicKey } from 'node:crypto';
import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Parses the environment once at boot. A bad or missing value stops the process with a message
 * naming the variable (main catches ConfigError and exits 1).
 */
export function loadConfig<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const problems = result.error.issues.map(
    (issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`,
  );
  throw new ConfigError(`Invalid configuration:\n  ${problems.join('\n  ')}`);
}

/** An optional variable: unset and empty both mean "not configured". */
export const optionalString = () =>
  z
    .string()
    .optional()
    .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/**
 * AMQP_NAMESPACE: a prefix for this deployment's exchanges and queues, so several deployments (or a
 * benchmark next to a deployment) can share one broker without consuming each other's events.
 */
export const amqpNamespace = () =>
  optionalString().pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, 'AMQP_NAMESPACE: lowercase letters, digits and dashes, at most 32')
      .optional(),
  );

/** Log levels accepted by pino. */
export const logLevel = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

/**
 * Values shipped in examples (deploy/k8s/base/secret.example.yaml, docs) that must never reach a
 * running deployment: a copied example would make every such deployment share a known secret.
 */
const PLACEHOLDER = /replace-with|change-?me|changeit|^\.\.\.$|^(secret|password|example|xxx+)$/i;

export const isPlaceholder = (value: string) => PLACEHOLDER.test(value.trim());

/** A required secret: at least `minLength` characters and not an example value. */
export const secret = (name: string, minLength: number) =>
  z
    .string({ error: `${name} is required` })
    .min(minLength, `${name} must be at least ${minLength} characters`)
    .refine((v) => !isPlaceholder(v), `${name} is an example value; generate a random one`);

/** An optional secret: unset or empty means "not configured"; when set, the rules of `secret`. */
export const optionalSecret = (name: string, minLength: number) =>
  optionalString().pipe(secret(name, minLength).optional());

/** A server URL whose password (if any) is not an example value (`postgres://app:change-me@…`). */
export const serverUrl = (name: string) =>
  z.string({ error: `${name} is required` }).superRefine((v, ctx) => {
    let password: string;
    try {
      password = decodeURIComponent(new URL(v).password);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${name} must be a URL` });
      return;
    }
    if (isPlaceholder(password))
      ctx.addIssue({ code: 'custom', message: `${name} has an example password; use the server's real one` });
  });

/** A PEM key (`\n` escapes allowed, as env files hold one line) that Node can parse: no `...` stand-in. */
export const pemKey = (name: string, kind: 'public' | 'private') =>
  z
    .string({ error: `${name} is required (PEM)` })
    .min(1, `${name} is required (PEM)`)
    .transform((v) => v.replace(/\\n/g, '\n'))
    .refine((v) => {
      try {
        if (kind === 'public') createPublicKey(v);
        else createPrivateKey(v);
        return true;
      } catch {
        return false;
      }
    }, `${name} is not a PEM ${kind} key`);

/**
 * A rotated value's ring: the current one, then the previous one while a rotation runs (the
 * `…PREVIOUS…` variables). What is signed or sealed uses the first; verifying accepts either.
 */
export const currentThenPrevious = (current: string, previous?: string): readonly string[] =>
  previous && previous !== current ? [current, previous] : [current];
