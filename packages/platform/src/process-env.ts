import { z } from 'zod';
import { optionalString } from './config';

/**
 * Settings every long-running process of the distributed mode takes (spread into each service's
 * and the gateway's config schema). METRICS_PORT: Prometheus `/metrics` on its own port, unset =
 * no metrics server (several processes on one host would clash on a default; the Kubernetes and
 * compose manifests set 9464). DB_MIGRATIONS: `apply` migrates at boot (compose, a single
 * machine); `check` only verifies the schema is current and refuses to start otherwise — for
 * deployments that run each service's `migrate` entry point as its own step before a rollout.
 */
export const processEnv = {
  METRICS_PORT: optionalString().pipe(
    z.coerce.number<string | undefined>().int().min(1).max(65535).optional(),
  ),
  DB_MIGRATIONS: z.enum(['apply', 'check']).default('apply'),
};

/** The gateway has no database: metrics only. */
export const gatewayProcessEnv = { METRICS_PORT: processEnv.METRICS_PORT };
