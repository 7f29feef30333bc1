import { randomBytes, randomInt } from 'node:crypto';

/** A wamid shaped like Meta's: `wamid.` + base64 of an opaque, unique blob that embeds the wa_id. */
export function newWamid(waId: string): string {
  const blob = Buffer.concat([
    Buffer.from(`\u001c\u0018\u000b${waId}\u0015\u0002\u0000\u0012\u0018\u0014`),
    randomBytes(18),
  ]);
  return `wamid.${blob.toString('base64')}`;
}

/** Numeric media ids, as the platform issues them (15–16 digits, as a string). */
export function newMediaId(): string {
  return `${randomInt(1, 10)}${Array.from({ length: 15 }, () => randomInt(0, 10)).join('')}`;
}

export function newFbtraceId(): string {
  return `A${randomBytes(16).toString('base64url').slice(0, 22)}`;
}

export function newToken(): string {
  return randomBytes(24).toString('base64url');
}

export function newHexId(bytes = 16): string {
  return randomBytes(bytes).toString('hex');
}
