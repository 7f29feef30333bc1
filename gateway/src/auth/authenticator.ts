import { createHash } from 'node:crypto';
import type { Request } from 'express';
import { AccessTokenVerifier, isServiceError, unauthenticated, type Cache } from '@inbox/platform';
import type { DirectoryApi } from '../clients';
import type { ApiKeyUsageRecorder } from './api-key-usage';
import type { Principal } from './principal';

const PRINCIPAL_TTL_MS = 60_000;
const keyHash = (key: string) => createHash('sha256').update(key).digest('hex');

const userKey = (orgId: number, userId: string) => `auth:user:${orgId}:${userId}`;
const apiKeyKey = (hash: string) => `auth:key:${hash}`;
const keyIdIndex = (keyId: string) => `auth:key-id:${keyId}`;
const keysOfUserIndex = (userId: string) => `auth:user-keys:${userId}`;

/**
 * Resolves `Authorization: Bearer` and `X-API-Key` to a principal. The directory is asked on a
 * cache miss only; entries live a minute and are dropped at once when the directory reports a
 * change (events), or when this gateway itself made the change.
 */
export class Authenticator {
  private readonly tokens: AccessTokenVerifier;

  constructor(
    private readonly deps: {
      cache: Cache;
      directory: DirectoryApi;
      publicKeyPem: string;
      usage: ApiKeyUsageRecorder;
    },
  ) {
    this.tokens = new AccessTokenVerifier(deps.publicKeyPem);
  }

  async authenticate(req: Request): Promise<Principal> {
    const apiKey = req.get('x-api-key');
    if (apiKey) return this.byApiKey(apiKey);
    const header = req.get('authorization');
    const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    if (!match) throw unauthenticated('Send Authorization: Bearer <token> or X-API-Key: <key>');
    const claims = this.tokens.verify(match[1]);
    const cacheKey = userKey(claims.orgId, claims.userId);
    const cached = await this.deps.cache.get<Principal>(cacheKey);
    if (cached) return cached;
    const principal = await this.ask(() =>
      this.deps.directory.anonymous('GetUserPrincipal', { orgId: claims.orgId, userId: claims.userId }),
    );
    await this.deps.cache.set(cacheKey, principal, PRINCIPAL_TTL_MS);
    return principal;
  }

  private async byApiKey(key: string): Promise<Principal> {
    const hash = keyHash(key);
    let principal = await this.deps.cache.get<Principal & { expiresAt?: string }>(apiKeyKey(hash));
    if (!principal) {
      principal = await this.ask(() => this.deps.directory.anonymous('AuthenticateApiKey', { key }));
      const ttl = principal.expiresAt
        ? Math.min(PRINCIPAL_TTL_MS, Date.parse(principal.expiresAt) - Date.now())
        : PRINCIPAL_TTL_MS;
      if (ttl > 0) await this.remember(hash, principal, ttl);
    } else if (principal.expiresAt && Date.parse(principal.expiresAt) <= Date.now()) {
      throw unauthenticated('Invalid API key');
    }
    this.deps.usage.used(principal.id);
    const { expiresAt: _expiresAt, ...rest } = principal;
    return rest;
  }

  private async remember(hash: string, principal: Principal, ttl: number): Promise<void> {
    await this.deps.cache.set(apiKeyKey(hash), principal, ttl);
    await this.deps.cache.set(keyIdIndex(principal.id), hash, PRINCIPAL_TTL_MS);
    if (principal.userId) {
      const index = keysOfUserIndex(principal.userId);
      const hashes = new Set((await this.deps.cache.get<string[]>(index)) ?? []);
      hashes.add(hash);
      await this.deps.cache.set(index, [...hashes], PRINCIPAL_TTL_MS);
    }
  }

  /** Directory answers → principal; its refusals stay 401s, other failures propagate (503 etc.). */
  private async ask(
    fn: () => Promise<{
      orgId: number;
      kind: string;
      id: string;
      role: string;
      userId?: string;
      expiresAt?: string;
    }>,
  ) {
    try {
      const p = await fn();
      return {
        orgId: p.orgId,
        kind: p.kind as Principal['kind'],
        id: p.id,
        role: p.role as Principal['role'],
        userId: p.userId ?? null,
        expiresAt: p.expiresAt,
      };
    } catch (error) {
      if (isServiceError(error) && error.code === 16) throw unauthenticated(error.details);
      throw error;
    }
  }

  /** The user changed or was deleted: forget them and every API key they created. */
  async forgetUser(orgId: number, userId: string): Promise<void> {
    const hashes = (await this.deps.cache.get<string[]>(keysOfUserIndex(userId))) ?? [];
    await this.deps.cache.del(userKey(orgId, userId), keysOfUserIndex(userId), ...hashes.map(apiKeyKey));
  }

  async forgetApiKey(keyId: string): Promise<void> {
    const hash = await this.deps.cache.get<string>(keyIdIndex(keyId));
    await this.deps.cache.del(keyIdIndex(keyId), ...(hash ? [apiKeyKey(hash)] : []));
  }
}
