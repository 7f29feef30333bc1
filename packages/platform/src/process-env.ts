import { z } from 'zod';
import { QUEUE_TYPES } from './bus/rabbitmq-topology';
import { optionalSecret, optionalString, secret } from './config';

/**
 * Settings every long-running process of the distributed mode takes (spread into each service's
 * and the gateway's config schema). METRICS_PORT: Prometheus `/metrics` on its own port, unset =
 * no metrics server (several processes on one host would clash on a default; the Kubernetes and
 * compose manifests set 9464). DB_MIGRATIONS: `apply` migrates at boot (compose, a single
 * machine); `check` only verifies the schema is current and refuses to start otherwise — for
 * deployments that run each service's `migrate` entry point as its own step before a rollout.
 * AMQP_QUEUE_TYPE: see deploy/README.md for moving classic queues to quorum ones.
 */
export const processEnv = {
  METRICS_PORT: optionalString().pipe(
    z.coerce.number<string | undefined>().int().min(1).max(65535).optional(),
  ),
  DB_MIGRATIONS: z.enum(['apply', 'check']).default('apply'),
  /** Durable queues as quorum queues (replicated; the default) or classic ones (before `bus:migrate-queues`). */
  AMQP_QUEUE_TYPE: z.enum(QUEUE_TYPES).default('quorum'),
};

/** The gateway has no database: metrics only. */
export const gatewayProcessEnv = { METRICS_PORT: processEnv.METRICS_PORT };

/**
 * The secret of the caller context between processes (spread into each service's config schema).
 * INTERNAL_AUTH_SECRET_PREVIOUS, set only while the secret is rotated (deploy/README.md,
 * "Rotating secrets"), is accepted as well when verifying; tokens are signed with the current one.
 */
export const internalAuthEnv = {
  INTERNAL_AUTH_SECRET: secret('INTERNAL_AUTH_SECRET', 32),
  INTERNAL_AUTH_SECRET_PREVIOUS: optionalSecret('INTERNAL_AUTH_SECRET_PREVIOUS', 32),
};
