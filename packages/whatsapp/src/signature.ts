import { createHmac, timingSafeEqual } from 'node:crypto';

/** Header Meta signs webhook POSTs with (reference §1.2). */
export const SIGNATURE_HEADER = 'x-hub-signature-256';

function hmac(body: Buffer | string, appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update(body).digest();
}

/** `sha256=<lowercase hex HMAC-SHA256(rawBody, appSecret)>`; a string body is signed as its UTF-8 bytes. */
export function signPayload(rawBody: Buffer | string, appSecret: string): string {
  return `sha256=${hmac(rawBody, appSecret).toString('hex')}`;
}

/**
 * Escapes every non-ASCII UTF-16 unit as `\uXXXX` (lowercase hex; emoji become surrogate pairs).
 * Meta signs this escaped form, and the simulator sends it, so both sides agree byte for byte.
 */
export function escapeNonAscii(json: string): string {
  return json.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

function matches(expected: Buffer, given: Buffer): boolean {
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * Checks `X-Hub-Signature-256` against the exact raw bytes, in constant time.
 * If the body holds non-ASCII bytes and does not match as sent, its escaped-unicode form is tried too,
 * because Meta documents signing that form while the bytes may arrive unescaped (reference §1.2).
 * False for a missing or malformed header.
 */
export function verifySignature(rawBody: Buffer, header: string | undefined, appSecret: string): boolean {
  if (typeof header !== 'string') return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match || appSecret.length === 0) return false;
  const given = Buffer.from(match[1], 'hex');
  if (matches(hmac(rawBody, appSecret), given)) return true;
  if (!rawBody.some((byte) => byte > 0x7f)) return false;
  return matches(hmac(escapeNonAscii(rawBody.toString('utf8')), appSecret), given);
}
