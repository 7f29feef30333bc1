import { createLogger } from './logger';
import { handleShutdown } from './shutdown';

const logger = createLogger('test', 'silent');

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

/** 'pending' when `promise` has not settled once the queued callbacks and timers have run. */
async function stateOf(promise: Promise<unknown>): Promise<'resolved' | 'rejected' | 'pending'> {
  const pending = new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), 0));
  return Promise.race([
    promise.then(
      () => 'resolved' as const,
      () => 'rejected' as const,
    ),
    pending,
  ]);
}

/** A plan whose exit is recorded instead of ending the test runner, and the steps' log. */
function plan(stepTimeoutMs?: number) {
  const ran: string[] = [];
  const exited = deferred<number>();
  const shutdown = handleShutdown(logger, { exit: exited.resolve, stepTimeoutMs });
  const step = (name: string, run: () => Promise<void> = async () => undefined) => ({
    name,
    run: () => {
      ran.push(name);
      return run();
    },
  });
  return { shutdown, ran, exited: exited.promise, step };
}

const signalListeners = () => [process.listenerCount('SIGTERM'), process.listenerCount('SIGINT')];

describe('the shutdown plan', () => {
  let before: number[];
  beforeEach(() => (before = signalListeners()));
  // Every test ends its plan: no listener is left on the test runner's process.
  afterEach(() => expect(signalListeners()).toEqual(before));

  it('a signal during the boot runs the steps added so far, once, newest first, exits 0, and the boot goes no further', async () => {
    const { shutdown, ran, exited, step } = plan();
    const bus = deferred<string>();
    shutdown.add(step('metrics'));
    await shutdown.start('database', 'db', async () => void ran.push('database'));
    // The boot now waits for its broker…
    const booting = shutdown.start('bus', bus.promise, async () => void ran.push('bus'));

    process.emit('SIGTERM');
    process.emit('SIGTERM');
    expect(await exited).toBe(0);
    expect(ran).toEqual(['database', 'metrics']);

    // …which answers after all: the boot never resumes to start the next adapter.
    bus.resolve('connected');
    expect(await stateOf(booting)).toBe('pending');
  });

  it('a boot step that fails because the shutdown closed what it used is no boot error (exit 1): the shutdown exits 0', async () => {
    const { shutdown, exited } = plan();
    const migrations = deferred<void>();
    const booting = shutdown.start('app', migrations.promise, async () => undefined);
    process.emit('SIGINT');
    migrations.reject(new Error('Cannot use a pool after calling end on the pool'));
    expect(await exited).toBe(0);
    expect(await stateOf(booting)).toBe('pending');
  });

  it('a boot step that fails with no signal fails the boot', async () => {
    const { shutdown } = plan();
    await expect(
      shutdown.start('bus', Promise.reject(new Error('no broker')), async () => undefined),
    ).rejects.toThrow('no broker');
    await shutdown.run();
  });

  it('a step finished late by a boot that was interrupted is still stopped, next', async () => {
    const { shutdown, ran, exited, step } = plan();
    const release = deferred<void>();
    shutdown.add(step('database'));
    shutdown.add(step('slow', () => release.promise));
    const bus = deferred<string>();
    const booting = shutdown.start('bus', bus.promise, async () => void ran.push('bus'));
    process.emit('SIGTERM');
    bus.resolve('connected');
    await stateOf(booting);
    release.resolve();
    await exited;
    expect(ran).toEqual(['slow', 'bus', 'database']);
  });

  it('after the boot, runs every step even when one fails or hangs', async () => {
    const { shutdown, ran, step } = plan(20);
    shutdown.add(step('database'));
    shutdown.add(step('hangs', () => new Promise<void>(() => undefined)));
    shutdown.add(step('fails', () => Promise.reject(new Error('broker gone'))));
    const app = await shutdown.start('app', { stop: async () => void ran.push('app') }, (a) => a.stop());
    expect(app).toEqual({ stop: expect.any(Function) });
    await shutdown.run();
    await shutdown.run();
    expect(ran).toEqual(['app', 'fails', 'hangs', 'database']);
  });
});
