import type { Logger } from './logger';

export interface ShutdownStep {
  name: string;
  run: () => Promise<void>;
}

/**
 * Runs the steps in order on SIGTERM/SIGINT (stop taking work, drain, flush, close), then exits.
 * A step that hangs is abandoned after `stepTimeoutMs` so the pod is not killed mid-way later.
 */
export function onShutdown(
  logger: Logger,
  steps: ShutdownStep[],
  stepTimeoutMs = 15_000,
): () => Promise<void> {
  let running: Promise<void> | undefined;
  const shutdown = () => {
    running ??= (async () => {
      logger.info('shutting down');
      for (const step of steps) {
        const timeout = new Promise<void>((resolve) => setTimeout(resolve, stepTimeoutMs).unref());
        await Promise.race([
          step.run().catch((err) => logger.error({ err, step: step.name }, 'shutdown step failed')),
          timeout,
        ]);
      }
      logger.info('stopped');
    })();
    return running;
  };
  const onSignal = () => void shutdown().then(() => process.exit(0));
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return shutdown;
}
