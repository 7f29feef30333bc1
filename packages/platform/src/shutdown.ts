import type { Logger } from './logger';
import { flushTracing } from './tracing/flush';

export interface ShutdownStep {
  name: string;
  run: () => Promise<void>;
}

/**
 * A process's way out, built as it boots: each adapter, once started, adds the step that undoes
 * it. On SIGTERM or SIGINT the steps run in reverse order of start — the last thing started (the
 * server taking work) stops first, then what it drained into is flushed and closed — then the
 * process exits 0. A signal in the middle of the boot stops what has started and ends the boot
 * there: Kubernetes may stop a pod that is still waiting for its broker.
 */
export interface ShutdownPlan {
  /** Adds the step that undoes what just started. */
  add(step: ShutdownStep): void;
  /**
   * Awaits a boot step (`starting`), then adds `stop` for what it started. Once a signal has
   * arrived, this never settles, whether `starting` resolves or fails (its adapters may be closed
   * under it): the boot goes no further, and the shutdown, not a boot error, ends the process.
   */
  start<T>(name: string, starting: T | Promise<T>, stop: (started: T) => Promise<void>): Promise<T>;
  /** Runs the steps (once, however often it is called or signalled); resolves when all are done. */
  run(): Promise<void>;
}

export interface ShutdownOptions {
  /** A step that hangs is abandoned after this, so the pod is not killed mid-way by its grace period. */
  stepTimeoutMs?: number;
  /** What ends the process once the steps are done (tests replace it). */
  exit?: (code: number) => void;
}

const SIGNALS = ['SIGTERM', 'SIGINT'] as const;
const never = new Promise<never>(() => undefined);

/** Call it right after the logger exists: from then on a signal is a clean stop, boot or not. */
export function handleShutdown(logger: Logger, options: ShutdownOptions = {}): ShutdownPlan {
  const stepTimeoutMs = options.stepTimeoutMs ?? 15_000;
  const exit = options.exit ?? ((code: number) => process.exit(code));
  const steps: ShutdownStep[] = [];
  let running: Promise<void> | undefined;

  const runStep = async (step: ShutdownStep) => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        logger.warn({ step: step.name, stepTimeoutMs }, 'shutdown step abandoned: it took too long');
        resolve();
      }, stepTimeoutMs);
    });
    await Promise.race([
      Promise.resolve()
        .then(step.run)
        .catch((err: unknown) => logger.error({ err, step: step.name }, 'shutdown step failed')),
      timeout,
    ]);
    clearTimeout(timer);
  };

  const run = (): Promise<void> => {
    // A second signal from now on takes the default action: the process ends at once.
    for (const signal of SIGNALS) process.off(signal, onSignal);
    running ??= (async () => {
      logger.info('shutting down');
      // A step added meanwhile (a boot step that finished late) is the newest: it goes next.
      for (let step = steps.pop(); step; step = steps.pop()) await runStep(step);
      logger.info('stopped');
    })();
    return running;
  };

  async function start<T>(name: string, starting: T | Promise<T>, stop: (started: T) => Promise<void>) {
    let started: T;
    try {
      started = await starting;
    } catch (err) {
      if (running) return never;
      throw err;
    }
    steps.push({ name, run: () => stop(started) });
    return running ? never : started;
  }

  function onSignal(signal: NodeJS.Signals) {
    logger.info({ signal }, 'signal received');
    void run()
      .then(() => flushTracing())
      .then(() => exit(0));
  }
  for (const signal of SIGNALS) process.once(signal, onSignal);

  return {
    add: (step) => {
      steps.push(step);
    },
    start,
    run,
  };
}
