import { createSecretKey, type KeyObject } from 'node:crypto';
import type { Role } from '@inbox/contracts';
import jwt from 'jsonwebtoken';
import { currentThenPrevious } from './config';
import { unauthenticated } from './errors';

export type { Role };
/**
 * USER and API_KEY: an organization's principal, authenticated by the gateway. ANONYMOUS and
 * PLATFORM: the gateway's public routes and the operator's token. SERVICE: one of our services
 * acting for itself (a template sync, a campaign worker), never for an outside caller: only a
 * service signs it (`serviceCaller`), the gateway never does.
 */
export const PRINCIPAL_KINDS = ['USER', 'API_KEY', 'ANONYMOUS', 'PLATFORM', 'SERVICE'] as const;
export type PrincipalKind = (typeof PRINCIPAL_KINDS)[number];

/**
 * Who a call is made for. The gateway authenticates the request, then signs this as a
 * short-lived token that travels in gRPC metadata; services trust only a verified one.
 */
export interface CallerContext {
  orgId: number; // 0 for anonymous and platform callers, and for a service acting for no organization
  kind: PrincipalKind;
  principalId: string; // user id, API key id, the service's name, or '' for anonymous
  role: Role | null;
  userId: string | null; // the user behind the call (the key's creator for API keys)
  requestId: string;
}

export const CONTEXT_METADATA = 'x-caller-context';
export const REQUEST_ID_METADATA = 'x-request-id';

const ISSUER = 'inbox-gateway';
const LIFETIME_SECONDS = 120;

interface ContextClaims {
  org: number;
  kind: PrincipalKind;
  sub: string;
  role: Role | null;
  uid: string | null;
}

/** Signs the caller (without the request id, so one token can serve many requests of a principal). */
/**
 * Key objects built once per secret: given a string, jsonwebtoken first tries to parse it as a
 * public key (and fails) on every call — 0.4 ms per gRPC call, a third of a service's busy time.
 */
const secretKeys = new Map<string, KeyObject>();
const secretKey = (secret: string): KeyObject => {
  let key = secretKeys.get(secret);
  if (!key) secretKeys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
};

export function signCallerToken(secret: string, caller: Omit<CallerContext, 'requestId'>): string {
  const claims: ContextClaims = {
    org: caller.orgId,
    kind: caller.kind,
    sub: caller.principalId,
    role: caller.role,
    uid: caller.userId,
  };
  return jwt.sign(claims, secretKey(secret), {
    algorithm: 'HS256',
    issuer: ISSUER,
    expiresIn: LIFETIME_SECONDS,
  });
}

/**
 * The secrets a caller token is verified against: INTERNAL_AUTH_SECRET alone, or with
 * INTERNAL_AUTH_SECRET_PREVIOUS while a rotation runs (tokens are always signed with the first).
 */
export type CallerSecrets = string | readonly string[];

/** INTERNAL_AUTH_SECRET, then INTERNAL_AUTH_SECRET_PREVIOUS when set. */
export const callerSecrets = currentThenPrevious;

/** The claims of a token signed with one of `secrets`; throws when none of them fits. */
function verifiedClaims(secrets: CallerSecrets, token: string): ContextClaims {
  for (const secret of typeof secrets === 'string' ? [secrets] : secrets) {
    try {
      return jwt.verify(token, secretKey(secret), { algorithms: ['HS256'], issuer: ISSUER }) as ContextClaims;
    } catch {
      // Another secret may fit: the previous one, while a rotation runs.
    }
  }
  throw new Error('signed with none of the secrets, or expired');
}

export function verifyCallerToken(secrets: CallerSecrets, token: string, requestId: string): CallerContext {
  try {
    const claims = verifiedClaims(secrets, token);
    if (!(PRINCIPAL_KINDS as readonly string[]).includes(claims.kind)) throw new Error('unknown kind');
    return {
      orgId: claims.org,
      kind: claims.kind,
      principalId: claims.sub,
      role: claims.role,
      userId: claims.uid,
      requestId,
    };
  } catch {
    throw unauthenticated('Caller context missing, expired or not signed by the gateway');
  }
}

/**
 * A service calling another for itself, for one organization or (orgId 0) for none yet (an
 * account-level webhook whose organization is found by WABA id). No role: role checks refuse it,
 * so it reaches only the methods that accept SERVICE callers by name.
 */
export function serviceCaller(service: string, orgId: number, requestId: string): CallerContext {
  return { orgId, kind: 'SERVICE', principalId: service, role: null, userId: null, requestId };
}

/** Caches signed tokens per principal until shortly before they expire: signing is on the hot path. */
export class CallerTokenCache {
  private readonly tokens = new Map<string, { token: string; renewAt: number }>();
  constructor(private readonly secret: string) {}

  tokenFor(caller: Omit<CallerContext, 'requestId'>): string {
    const key = `${caller.orgId}|${caller.kind}|${caller.principalId}|${caller.role}|${caller.userId}`;
    const now = Date.now();
    const hit = this.tokens.get(key);
    if (hit && hit.renewAt > now) return hit.token;
    if (this.tokens.size > 10_000) this.tokens.clear();
    const token = signCallerToken(this.secret, caller);
    this.tokens.set(key, { token, renewAt: now + (LIFETIME_SECONDS / 2) * 1000 });
    return token;
  }
}
