import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: object,
) => Promise<Buffer>;

// scrypt N=2^15, r=8, p=1: ~50 ms on these machines, OWASP's minimum for scrypt.
const SCRYPT = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const KEY_LENGTH = 32;

/** `scrypt$N$r$p$salt$hash`, so parameters can be raised later without breaking old hashes. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password, salt, KEY_LENGTH, SCRYPT);
  return [
    'scrypt',
    SCRYPT.N,
    SCRYPT.r,
    SCRYPT.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(password, Buffer.from(salt, 'base64url'), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: SCRYPT.maxmem,
  });
  return timingSafeEqual(actual, expected);
}

/** A hash to compare against when the e-mail is unknown, so timing does not reveal which e-mails exist. */
let decoy: Promise<string> | undefined;
export const decoyPasswordHash = () => (decoy ??= hashPassword(randomBytes(16).toString('hex')));

/** Opaque high-entropy tokens (refresh, invitation, API key secrets): a fast hash is enough to store them. */
export const newSecret = (bytes = 32) => randomBytes(bytes).toString('base64url');
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** A password for people to type once and change: 20 URL-safe characters, 120 bits. */
export const newPassword = () => randomBytes(15).toString('base64url');

const API_KEY_PREFIX = 'ibx';
/** `ibx_<8 id chars>_<secret>`: the first part is shown in lists so people can tell keys apart. */
export function newApiKey(): { key: string; prefix: string } {
  const visible = randomBytes(6).toString('base64url').replace(/[-_]/g, 'x').slice(0, 8);
  const prefix = `${API_KEY_PREFIX}_${visible}`;
  return { key: `${prefix}_${newSecret(24)}`, prefix };
}
