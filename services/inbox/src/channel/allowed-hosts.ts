/**
 * Outbound addresses the inbox may reach for a channel. An Admin chooses the channel's Graph API
 * base URL, so without these checks an Admin could make the service fetch internal addresses and
 * read the answers back as media (server-side request forgery).
 */

/** Hosts Meta serves media downloads from. */
const META_MEDIA_HOSTS = ['fbsbx.com', 'facebook.com', 'whatsapp.net', 'fbcdn.net'];

const normalize = (url: string) => url.trim().replace(/\/+$/, '');

/** Whether `apiBaseUrl` is one the operator allowed (WHATSAPP_ALLOWED_API_BASE_URLS, plus the default). */
export function isAllowedApiBaseUrl(apiBaseUrl: string, allowed: readonly string[]): boolean {
  return allowed.map(normalize).includes(normalize(apiBaseUrl));
}

/**
 * A media URL the platform handed out: HTTPS on Meta's media hosts, or on the channel's own
 * (operator-allowed) origin — the simulator serves its media from itself.
 */
export function isAllowedMediaUrl(url: string, apiBaseUrl: string): boolean {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return false;
  }
  if (target.origin === new URL(apiBaseUrl).origin) return true;
  return (
    target.protocol === 'https:' &&
    META_MEDIA_HOSTS.some((host) => target.hostname === host || target.hostname.endsWith(`.${host}`))
  );
}
