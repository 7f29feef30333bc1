/**
 * Sends in flight at once in this worker process (`settings.sendConcurrency`), shared by every
 * slice it works on. `take` resolves with the function that gives the slot back (once).
 */
export interface SendSlots {
  take(): Promise<() => void>;
  readonly inUse: number;
}

export function createSendSlots(slots: number): SendSlots {
  if (!(slots >= 1)) throw new RangeError(`sendConcurrency must be at least 1, got ${slots}`);
  let inUse = 0;
  const waiting: Array<() => void> = [];
  const grant = (): (() => void) => {
    inUse++;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      inUse--;
      waiting.shift()?.();
    };
  };
  return {
    take: () =>
      inUse < slots && waiting.length === 0
        ? Promise.resolve(grant())
        : new Promise((resolve) => waiting.push(() => resolve(grant()))),
    get inUse() {
      return inUse;
    },
  };
}
