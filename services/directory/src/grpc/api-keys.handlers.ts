import { clearedFields } from '@inbox/platform';
import type { ApiKeyRow } from '../db/repositories/api-keys.repository';
import type { DirectoryDeps } from '../deps';
import { authenticateApiKey } from '../usecases/api-keys/authenticate-api-key';
import { createApiKey } from '../usecases/api-keys/create-api-key';
import { deleteApiKey } from '../usecases/api-keys/delete-api-key';
import { listApiKeys } from '../usecases/api-keys/list-api-keys';
import { recordApiKeyUsage } from '../usecases/api-keys/record-api-key-usage';
import { updateApiKey } from '../usecases/api-keys/update-api-key';
import { iso, opt, type DirectoryImpl, type Reply } from './encode';

/** Never carries the secret: only CreateApiKey adds `key`, once. */
export const encodeApiKey = (k: ApiKeyRow): Reply<'CreateApiKey'> => ({
  id: k.id,
  name: k.name,
  role: k.role,
  prefix: k.prefix,
  enabled: k.enabled,
  createdAt: iso(k.createdAt),
  lastUsedAt: iso(k.lastUsedAt),
  expiresAt: iso(k.expiresAt),
  createdBy: opt(k.createdBy),
});

export const apiKeyHandlers = (deps: DirectoryDeps) =>
  ({
    ListApiKeys: async (_req, caller) => ({ data: (await listApiKeys(deps, caller)).map(encodeApiKey) }),
    CreateApiKey: async (req, caller) => {
      const { apiKey, key } = await createApiKey(deps, caller, req);
      return { ...encodeApiKey(apiKey), key };
    },
    UpdateApiKey: async ({ id, clear, clearExpiry, ...patch }, caller) => {
      // `clear_expiry` is the deprecated spelling of `clear: ["expires_at"]`.
      const cleared = clearedFields(clear, ['expiresAt']).expiresAt === null;
      return encodeApiKey(
        await updateApiKey(deps, caller, id, { ...patch, clearExpiry: cleared || clearExpiry === true }),
      );
    },
    DeleteApiKey: async ({ id }, caller) => {
      await deleteApiKey(deps, caller, id);
      return {};
    },
    AuthenticateApiKey: async ({ key }) => {
      const p = await authenticateApiKey(deps, key);
      return {
        orgId: p.orgId,
        kind: p.kind,
        id: p.id,
        role: p.role,
        userId: opt(p.userId),
        expiresAt: iso(p.expiresAt),
      };
    },
    RecordApiKeyUsage: async ({ usages }) => {
      await recordApiKeyUsage(deps, usages);
      return {};
    },
  }) satisfies Partial<DirectoryImpl>;
