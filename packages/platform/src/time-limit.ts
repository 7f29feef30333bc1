/**
 * `work`, or `late()` thrown once `ms` have passed (the work itself is not cancelled: its caller
 * must be able to let it finish unseen). The timer is cleared either way.
 */
export async function within<T>(work: Promise<T>, ms: number, late: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(late()), Math.max(ms, 0));
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
