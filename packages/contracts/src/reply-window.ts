/**
 * WhatsApp's customer-service window: free-form replies are allowed for 24 hours after the
 * customer's last message. A filter "expires within N minutes" with N at or above this means
 * every open window.
 */
export const REPLY_WINDOW_MINUTES = 24 * 60;

/** Any positive number of minutes is a valid "expires within"; beyond the window it changes nothing. */
export const clampWindowMinutes = (minutes: number): number => Math.min(minutes, REPLY_WINDOW_MINUTES);
