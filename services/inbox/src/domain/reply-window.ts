/** The customer-service window: 24 hours from the customer's last message. */
export const WINDOW_MS = 24 * 60 * 60 * 1000;

export function windowExpiresAt(lastCustomerMessageAt: Date | null): Date | null {
  return lastCustomerMessageAt ? new Date(lastCustomerMessageAt.getTime() + WINDOW_MS) : null;
}

export function isWindowOpen(lastCustomerMessageAt: Date | null, now: Date): boolean {
  const expires = windowExpiresAt(lastCustomerMessageAt);
  return expires !== null && expires.getTime() > now.getTime();
}

/**
 * `windowExpiresWithin=N`: still open and closing within N minutes. An expired window is not
 * "expiring". Returns the range of last-customer-message times that qualifies, for SQL.
 */
export function expiringWithinRange(
  minutes: number,
  now: Date,
): { lastCustomerAfter: Date; lastCustomerAtOrBefore: Date } {
  return {
    lastCustomerAfter: new Date(now.getTime() - WINDOW_MS),
    lastCustomerAtOrBefore: new Date(now.getTime() - WINDOW_MS + minutes * 60_000),
  };
}
