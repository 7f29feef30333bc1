import path from 'node:path';
import type * as grpc from '@grpc/grpc-js';
import { loadServiceDefinition } from '@inbox/contracts';
import type { ServiceBinding } from '@inbox/platform';
import type { DirectoryDeps } from './deps';
import { apiKeyHandlers } from './grpc/api-keys.handlers';
import { authHandlers } from './grpc/auth.handlers';
import type { DirectoryImpl } from './grpc/encode';
import { historyHandlers } from './grpc/history.handlers';
import { organizationHandlers } from './grpc/organizations.handlers';
import { tagHandlers } from './grpc/tags.handlers';
import { teamHandlers } from './grpc/teams.handlers';
import { userHandlers } from './grpc/users.handlers';

/** The same path from src/ (tests) and dist/ (runtime): migrations ship with the sources. */
export const MIGRATIONS_FOLDER = path.resolve(__dirname, '../src/db/migrations');
export const DB_SCHEMA = 'directory';

export function directoryServiceDefinition(): grpc.ServiceDefinition {
  return loadServiceDefinition('directory.v1.DirectoryService');
}

export function directoryBinding(deps: DirectoryDeps): ServiceBinding {
  const implementation: DirectoryImpl = {
    ...authHandlers(deps),
    ...organizationHandlers(deps),
    ...userHandlers(deps),
    ...teamHandlers(deps),
    ...tagHandlers(deps),
    ...apiKeyHandlers(deps),
    ...historyHandlers(deps),
  };
  return {
    definition: directoryServiceDefinition(),
    implementation,
    // The gateway calls these before it knows a principal (or to learn it).
    anonymousMethods: [
      'Login',
      'Refresh',
      'Logout',
      'AcceptInvite',
      'ResetPassword',
      'AuthenticateApiKey',
      'GetUserPrincipal',
      'RecordApiKeyUsage',
      'CreateOrganization',
    ],
  };
}
