import { createHash } from 'node:crypto';
import type { Request } from 'express';
import {
  AccessTokenVerifier,
  DomainError,
  isServiceError,
  newId,
  publicKeys,
  unauthenticated,
  type Cache,
  type RateLimitDecision,
  type RateLimiter,
} from '@inbox/platform';
import type { DirectoryApi } from '../clients';
import { enforce } from '../http/rate-limited';
import type { ApiKeyUsageRecorder } from './api-key-usage';
import { AuthFailures, type AuthFailureLimits } from './auth-failures';
import type { Principal } from './principal';

const PRINCIPAL_TTL_MS = 60_000;
/** How long an API key the directory refused is refused without asking again. */
const UNKNOWN_KEY_TTL_MS = 30_000;
const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

const userKey = (orgId: number, userId: string) => `auth:user:${orgId}:${userId}`;
const apiKeyKey = (hash: string) => `auth:key:${hash}`;

/** As the directory answers: an API key's expiry; a user's cut-off for older access tokens. */
type Resolved = Principal & { expiresAt?: string; sessionsValidAfter?: string };
/**
 * A cache entry is trusted only under the epoch that was current when its lookup started. An
 * invalidation changes the epoch, so an answer that was already on its way when a role changed
 * (and is written after the invalidation) is never used.
 */
type Cached = (Resolved & { epoch: string | null }) | { unknown: true; epoch: string | null };
/**
 * Changes whenever any API key or any user changes: a key's principal depends on its creator's
 * role, and a refusal remembered before a change is not trusted after it.
 */
const KEY_EPOCH = 'auth:key-epoch';
const userEpoch = (userId: string) => `auth:user-epoch:${userId}`;
/** Longer than any entry it guards lives, so an expired epoch never revives a stale entry. */
const EPOCH_TTL_MS = 10 * PRINCIPAL_TTL_MS;

export interface AuthLimits extends AuthFailureLimits {
  RATE_LIMIT_PER_MINUTE: number;
}

/** What the credential names before any lookup: where its principal is cached and whose limit it spends. */
interface Credential {
  cacheKey: string;
  /** The epoch its cache entry must carry (see Cached). */
  epochKey: string;
  limitKey: string;
  lookup: () => Promise<Resolved>;
  apiKeyHash?: string;
  /** Access tokens: when it was issued (seconds), against the user's sessionsValidAfter. */
  issuedAt?: number;
}

/**
 * Resolves `Authorization: Bearer` and `X-API-Key` to a principal and counts the request against
 * its limit. The directory is asked on a cache miss only; entries live a minute and are dropped at
 * once when the directory reports a change (events), or when this gateway itself made the change.
 *
 * The hot path (a cached principal) is one Redis round trip: the address's failure counter, the
 * cached principal and the principal's limit are sent together (the client pipelines them).
 */
export class Authenticator {
  private readonly tokens: AccessTokenVerifier;
  readonly failures: AuthFailures;

  constructor(
    private readonly deps: {
      cache: Cache;
      rateLimiter: RateLimiter;
      directory: DirectoryApi;
      publicKeyPem: string;
      /** Accepted too, while the token key pair is rotated (JWT_PREVIOUS_PUBLIC_KEY). */
      previousPublicKeyPem?: string;
      usage: ApiKeyUsageRecorder;
      limits: AuthLimits;
    },
  ) {
    this.tokens = new AccessTokenVerifier(publicKeys(deps.publicKeyPem, deps.previousPublicKeyPem));
    this.failures = new AuthFailures(deps.rateLimiter, deps.limits);
  }

  /** The caller, or 401/429; `limited: false` for routes that do not spend the per-minute limit. */
  async admit(req: Request, requestId: string, limited = true): Promise<Principal> {
    const address = req.ip;
    const credential = await this.credential(req, requestId, address);
    const [failures, cached, currentEpoch, limit] = await Promise.all([
      this.failures.peek(address),
      this.deps.cache.get<Cached>(credential.cacheKey),
      this.deps.cache.get<string>(credential.epochKey),
      limited ? this.spend(credential.limitKey) : null,
    ]);
    enforce(failures);
    const epoch = currentEpoch ?? null;
    const trusted = cached && cached.epoch === epoch ? cached : undefined;
    if (trusted && 'unknown' in trusted) return this.refuse(address, 'Invalid API key');
    const principal = trusted ?? (await this.lookUp(credential, epoch, address));
    if (principal.expiresAt && Date.parse(principal.expiresAt) <= Date.now())
      return this.refuse(address, 'Invalid API key');
    // A genuine token from before a password change: not a guess, so not counted as a failure.
    if (ended(credential.issuedAt, principal.sessionsValidAfter))
      throw new DomainError('unauthenticated', 'SESSION_ENDED', 'This session has ended: sign in again');
    enforce(limit);
    if (principal.kind === 'API_KEY') this.deps.usage.used(principal.id);
    return {
      orgId: principal.orgId,
      kind: principal.kind,
      id: principal.id,
      role: principal.role,
      userId: principal.userId,
    };
  }

  private spend(limitKey: string): Promise<RateLimitDecision> {
    return this.deps.rateLimiter.hit(limitKey, this.deps.limits.RATE_LIMIT_PER_MINUTE, 60_000);
  }

  /** Reads the credential without any lookup; a missing or forged one is counted as a failure. */
  private async credential(req: Request, requestId: string, address?: string): Promise<Credential> {
    const ask = this.deps.directory.anonymous;
    const apiKey = req.get('x-api-key');
    if (apiKey) {
      const hash = keyHash(apiKey);
      return {
        cacheKey: apiKeyKey(hash),
        epochKey: KEY_EPOCH,
        limitKey: `rl:p:API_KEY:${hash}`,
        apiKeyHash: hash,
        lookup: () => principalOf(ask('AuthenticateApiKey', { key: apiKey }, requestId)),
      };
    }
    const header = req.get('authorization');
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) return this.refuse(address, 'Send Authorization: Bearer <token> or X-API-Key: <key>');
    let claims;
    try {
      claims = this.tokens.verify(match[1]);
    } catch (error) {
      // An expired token was signed by the directory: the client refreshes, it is not guessing.
      if (error instanceof DomainError && error.code === 'TOKEN_EXPIRED') throw error;
      return this.refuse(address, (error as Error).message);
    }
    const { orgId, userId } = claims;
    return {
      issuedAt: claims.issuedAt,
      cacheKey: userKey(orgId, userId),
      epochKey: userEpoch(userId),
      limitKey: `rl:p:USER:${userId}`,
      lookup: () => principalOf(ask('GetUserPrincipal', { orgId, userId }, requestId)),
    };
  }

  /** Counts the failure (429 once the address has none left), else 401. */
  private async refuse(address: string | undefined, message: string): Promise<never> {
    await this.failures.count(address);
    throw unauthenticated(message);
  }

  /** A cache miss: a failure is reserved first, and given back unless the directory refused. */
  private async lookUp(credential: Credential, epoch: string | null, address?: string): Promise<Resolved> {
    await this.failures.count(address);
    let principal: Resolved;
    try {
      principal = await credential.lookup();
    } catch (error) {
      if (!(error instanceof DomainError)) await this.failures.release(address);
      else if (credential.apiKeyHash)
        await this.deps.cache.set<Cached>(credential.cacheKey, { unknown: true, epoch }, UNKNOWN_KEY_TTL_MS);
      throw error;
    }
    await this.failures.release(address);
    const ttl = principal.expiresAt
      ? Math.min(PRINCIPAL_TTL_MS, Date.parse(principal.expiresAt) - Date.now())
      : PRINCIPAL_TTL_MS;
    if (ttl > 0) await this.deps.cache.set<Cached>(credential.cacheKey, { ...principal, epoch }, ttl);
    return principal;
  }

  /**
   * The user changed or was deleted: their cached principal and every cached API key principal
   * (a key's role depends on its creator's) stop being trusted, including answers still on their way.
   */
  async forgetUser(orgId: number, userId: string): Promise<void> {
    await Promise.all([
      this.deps.cache.set(userEpoch(userId), newId(), EPOCH_TTL_MS),
      this.deps.cache.set(KEY_EPOCH, newId(), EPOCH_TTL_MS),
    ]);
    await this.deps.cache.del(userKey(orgId, userId));
  }

  /** A key changed: no cached key principal or remembered refusal is trusted any more. */
  async forgetApiKey(_keyId: string): Promise<void> {
    await this.deps.cache.set(KEY_EPOCH, newId(), EPOCH_TTL_MS);
  }
}

const ended = (issuedAt: number | undefined, validAfter: string | undefined) =>
  issuedAt !== undefined && validAfter !== undefined && issuedAt * 1000 < Date.parse(validAfter);

/** Directory answers → principal; its refusals stay 401s, other failures propagate (503 etc.). */
async function principalOf(
  answer: Promise<{
    orgId: number;
    kind: string;
    id: string;
    role: string;
    userId?: string;
    expiresAt?: string;
    sessionsValidAfter?: string;
  }>,
): Promise<Resolved> {
  try {
    const p = await answer;
    // Only the two kinds the gateway authenticates: it never signs a SERVICE (or any other) caller.
    if (p.kind !== 'USER' && p.kind !== 'API_KEY') throw unauthenticated('Not a user or an API key');
    return {
      orgId: p.orgId,
      kind: p.kind,
      id: p.id,
      role: p.role as Principal['role'],
      userId: p.userId ?? null,
      expiresAt: p.expiresAt,
      sessionsValidAfter: p.sessionsValidAfter,
    };
  } catch (error) {
    if (isServiceError(error) && error.code === 16) throw unauthenticated(error.details);
    throw error;
  }
}
