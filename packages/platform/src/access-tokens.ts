import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { currentThenPrevious } from './config';
import { DomainError, unauthenticated } from './errors';

const ISSUER = 'inbox-directory';
const AUDIENCE = 'inbox-api';

export interface AccessTokenClaims {
  userId: string;
  orgId: number;
}

/** A verified token also says when it was issued (whole seconds): sessions can be ended after the fact. */
export interface VerifiedAccessToken extends AccessTokenClaims {
  issuedAt: number;
}

/** PEM parsed once per key: re-parsing it on every request cost ~0.1 ms of the gateway's CPU. */
const parsed = new Map<string, KeyObject>();
const keyOf = (pem: string, kind: 'public' | 'private'): KeyObject => {
  let key = parsed.get(pem);
  if (!key) parsed.set(pem, (key = kind === 'public' ? createPublicKey(pem) : createPrivateKey(pem)));
  return key;
};

/** ES256 access tokens: the directory signs with the private key, the gateway verifies with the public one. */
export function signAccessToken(
  privateKeyPem: string,
  claims: AccessTokenClaims,
  lifetimeSeconds: number,
): string {
  return jwt.sign({ org: claims.orgId }, keyOf(privateKeyPem, 'private'), {
    algorithm: 'ES256',
    subject: claims.userId,
    expiresIn: lifetimeSeconds,
    issuer: ISSUER,
    audience: AUDIENCE,
  });
}

/**
 * The public keys an access token is verified against: JWT_PUBLIC_KEY alone, or with
 * JWT_PREVIOUS_PUBLIC_KEY while the key pair is rotated (tokens the old key signed stay valid
 * until they expire).
 */
export type PublicKeys = string | readonly string[];

/** JWT_PUBLIC_KEY, then JWT_PREVIOUS_PUBLIC_KEY when set. */
export const publicKeys = currentThenPrevious;

export function verifyAccessToken(keys: PublicKeys, token: string): VerifiedAccessToken {
  for (const pem of typeof keys === 'string' ? [keys] : keys) {
    try {
      const payload = jwt.verify(token, keyOf(pem, 'public'), {
        algorithms: ['ES256'],
        issuer: ISSUER,
        audience: AUDIENCE,
      }) as {
        sub: string;
        org: number;
        iat: number;
      };
      return { userId: payload.sub, orgId: payload.org, issuedAt: payload.iat };
    } catch (error) {
      // jsonwebtoken checks the signature before the expiry: an expired token was genuinely
      // issued, so the client only needs to refresh, and the gateway does not count it as a
      // failed guess. Any other refusal may come from the wrong key: the next one is tried.
      if (error instanceof jwt.TokenExpiredError)
        throw new DomainError('unauthenticated', 'TOKEN_EXPIRED', 'The access token has expired');
    }
  }
  throw unauthenticated('The access token is invalid');
}

/**
 * Verifies access tokens and remembers the verified ones until they expire (bounded): a client
 * sends the same token for minutes, and an ES256 verification is ~0.08 ms of CPU per request.
 * Revocation does not depend on this: the principal (deleted user, changed role) is checked apart.
 */
export class AccessTokenVerifier {
  private readonly verified = new Map<string, { claims: VerifiedAccessToken; expiresAt: number }>();

  constructor(
    private readonly keys: PublicKeys,
    private readonly maxEntries = 10_000,
  ) {}

  verify(token: string): VerifiedAccessToken {
    const now = Date.now();
    const hit = this.verified.get(token);
    if (hit && hit.expiresAt > now) return hit.claims;
    const claims = verifyAccessToken(this.keys, token);
    const { exp } = jwt.decode(token) as { exp: number };
    if (this.verified.size >= this.maxEntries) this.verified.clear();
    this.verified.set(token, { claims, expiresAt: Math.min(exp * 1000, now + 60_000) });
    return claims;
  }
}

export interface SigningKeys {
  privateKeyPem: string;
  publicKeyPem: string;
}

export function generateSigningKeys(): SigningKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKeyPem: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** The all-in-one mode keeps its keys under DATA_DIR, so tokens survive a restart. */
export function loadOrCreateSigningKeys(dir: string): SigningKeys {
  const file = path.join(dir, 'signing-keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')) as SigningKeys;
  const keys = generateSigningKeys();
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
