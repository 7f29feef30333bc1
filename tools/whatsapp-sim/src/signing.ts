import { createHmac } from 'node:crypto';

/**
 * The simulator's own signer, deliberately independent of `@inbox/whatsapp`: the product's signature
 * check is tested against a second implementation, as it would be against Meta.
 */
export function escapeNonAscii(json: string): string {
  // JavaScript strings are UTF-16, so an emoji becomes its surrogate pair, as Meta writes it.
  return json.replace(/[\u0080-\uffff]/g, (ch) => `\\u${ch.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Serializes a webhook body the way the platform does: compact JSON with non-ASCII escaped as \uXXXX. */
export function serializeWebhookBody(payload: unknown): string {
  return escapeNonAscii(JSON.stringify(payload));
}

/** `sha256=<lowercase hex HMAC-SHA256 of the exact bytes>`, the X-Hub-Signature-256 header value. */
export function signBody(body: string | Buffer, appSecret: string): string {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}
