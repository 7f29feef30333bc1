import { DomainError } from './errors';
import { TransferSlots } from './transfer-slots';

/** A transfer that runs until the test ends it. */
function gate() {
  let open!: () => void;
  const done = new Promise<void>((resolve) => (open = resolve));
  return { open, done };
}

describe('TransferSlots', () => {
  it('runs at most `slots` transfers at once and starts the next as one ends', async () => {
    const slots = new TransferSlots({ slots: 2, maxWaiting: 10, waitTimeoutMs: 5_000 });
    const gates = [gate(), gate(), gate()];
    const started: number[] = [];
    const runs = gates.map((g, i) =>
      slots.run(async () => {
        started.push(i);
        await g.done;
        return i;
      }),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect(slots.queued).toBe(1);
    gates[0].open();
    await expect(runs[0]).resolves.toBe(0);
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    expect(slots.inUse).toBe(2);
    gates[1].open();
    gates[2].open();
    await Promise.all(runs);
    expect(slots.inUse).toBe(0);
  });

  it('frees the slot when a transfer fails', async () => {
    const slots = new TransferSlots({ slots: 1, maxWaiting: 0, waitTimeoutMs: 1_000 });
    await expect(slots.run(() => Promise.reject(new Error('broken')))).rejects.toThrow('broken');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });

  it('refuses as unavailable when the waiting line is full', async () => {
    const slots = new TransferSlots({ slots: 1, maxWaiting: 1, waitTimeoutMs: 5_000 });
    const g = gate();
    const first = slots.run(() => g.done);
    const second = slots.run(async () => undefined);
    const third = slots.run(async () => undefined);
    await expect(third).rejects.toMatchObject({ kind: 'unavailable', code: 'TRANSFERS_BUSY' });
    g.open();
    await Promise.all([first, second]);
  });

  it('refuses a transfer that waited too long, and forgets it', async () => {
    const slots = new TransferSlots({ slots: 1, maxWaiting: 5, waitTimeoutMs: 50 });
    const g = gate();
    const first = slots.run(() => g.done);
    const waited = await slots.run(async () => undefined).catch((e: unknown) => e);
    expect(waited).toBeInstanceOf(DomainError);
    expect(slots.queued).toBe(0);
    g.open();
    await first;
    expect(slots.inUse).toBe(0);
  });
});
