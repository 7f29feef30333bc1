import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import jwt from 'jsonwebtoken';
import { unauthenticated } from './errors';

const ISSUER = 'inbox-directory';
const AUDIENCE = 'inbox-api';

export interface AccessTokenClaims {
  userId: string;
  orgId: number;
}

/** ES256 access tokens: the directory signs with the private key, the gateway verifies with the public one. */
export function signAccessToken(
  privateKeyPem: string,
  claims: AccessTokenClaims,
  lifetimeSeconds: number,
): string {
  return jwt.sign({ org: claims.orgId }, privateKeyPem, {
    algorithm: 'ES256',
    subject: claims.userId,
    expiresIn: lifetimeSeconds,
    issuer: ISSUER,
    audience: AUDIENCE,
  });
}

export function verifyAccessToken(publicKeyPem: string, token: string): AccessTokenClaims {
  try {
    const payload = jwt.verify(token, publicKeyPem, {
      algorithms: ['ES256'],
      issuer: ISSUER,
      audience: AUDIENCE,
    }) as {
      sub: string;
      org: number;
    };
    return { userId: payload.sub, orgId: payload.org };
  } catch {
    throw unauthenticated('The access token is invalid or expired');
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
