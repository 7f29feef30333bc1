/**
 * Numbers the manifests must agree with, read from the code where they live, so a change there
 * fails the deploy tests until the manifests follow: health-check deadlines, the shutdown steps of
 * each process and their bound, the numbers' send rates, WhatsApp's largest document.
 */
import { MEDIA_LIMITS } from '@inbox/whatsapp';
import type { App } from './apps';
import { APP } from './apps';
import { read } from './files';

function constant(file: string, pattern: RegExp, what: string): number {
  const match = pattern.exec(read(file));
  if (!match) throw new Error(`${file}: ${what} not found (the code changed: update code-facts.ts)`);
  return Number(match[1].replace(/_/g, ''));
}

/**
 * The longest a health check may take before it answers: the gateway gives each dependency
 * CHECK_TIMEOUT_MS in /api/v1/ready, and asks each service's grpc.health.v1 with checkHealth's
 * deadline. A probe must wait longer than that, or it fails on a check that was still answering.
 */
export function healthDeadlineMs(): number {
  return Math.max(
    constant('gateway/src/routes/health.routes.ts', /CHECK_TIMEOUT_MS = ([\d_]+)/, 'CHECK_TIMEOUT_MS'),
    constant(
      'packages/platform/src/grpc/client.ts',
      /export function checkHealth\([^)]*deadlineMs = ([\d_]+)/,
      "checkHealth's deadline",
    ),
  );
}

/** How long one shutdown step may take before it is abandoned (packages/platform/src/shutdown.ts). */
export function shutdownStepTimeoutMs(): number {
  return constant('packages/platform/src/shutdown.ts', /stepTimeoutMs \?\? ([\d_]+)/, 'the step timeout');
}

/** packages/platform/src/service-process.ts: each of these adds one shutdown step (metrics, database, bus). */
const ONE_STEP_HELPERS = /\b(startServiceProcess|openServiceDatabase|connectServiceBus)\(/g;

/**
 * The shutdown steps a process's main adds (`shutdown.start(…)`, `shutdown.add(…)` and the
 * platform's start helpers), run one after the other on SIGTERM; undefined for a process that
 * does not use the platform's plan.
 */
export function shutdownSteps(app: App): number | undefined {
  const source = read(APP[app].source);
  if (!source.includes('handleShutdown(') && !source.includes('startServiceProcess(')) return undefined;
  return (
    (source.match(/\bshutdown\.(start|add)\(/g) ?? []).length + (source.match(ONE_STEP_HELPERS) ?? []).length
  );
}

/** Whether a process's main starts the metrics server (on METRICS_PORT), itself or by the platform's helper. */
export const startsMetricsServer = (app: App) =>
  /\b(startMetricsServer|startServiceProcess)\(/.test(read(APP[app].source));

/** A number's default send rates, messages per second (services/campaigns/src/config.ts). */
export function sendRates(): { standard: number; high: number } {
  const file = 'services/campaigns/src/config.ts';
  return {
    standard: constant(file, /CAMPAIGNS_STANDARD_SEND_RATE: positive\(([\d_]+)/, 'the standard send rate'),
    high: constant(file, /CAMPAIGNS_HIGH_SEND_RATE: positive\(([\d_]+)/, 'the high send rate'),
  };
}

/** The largest media WhatsApp takes, and so the largest upload the gateway passes on (a document). */
export const largestUploadBytes = () => Math.max(...Object.values(MEDIA_LIMITS).map((l) => l.maxBytes));
