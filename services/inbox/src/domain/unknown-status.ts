/**
 * A status webhook can overtake the send it reports on: the platform may report a message before
 * the send has stored the platform's id. Such a status is retried for a minute after the webhook
 * was received. Past that, the message is not ours (another tool on the number, a campaign of
 * another service) and the status is dropped: retried forever, or parked, it would only pile up.
 */
export const UNKNOWN_STATUS_GRACE_MS = 60_000;

/** Whether a status about a message not stored may still find it on a later attempt. */
export const mayStillBeStored = (receivedAt: Date, now: Date): boolean =>
  now.getTime() - receivedAt.getTime() < UNKNOWN_STATUS_GRACE_MS;
