import type { DirectoryDeps } from '../deps';
import { createOrganization } from '../usecases/organizations/create-organization';
import type { DirectoryImpl } from './encode';

export const organizationHandlers = (deps: DirectoryDeps) =>
  ({
    CreateOrganization: async (req, caller) =>
      createOrganization(deps, caller, {
        clientId: req.clientId,
        name: req.name,
        admin: req.admin ?? { email: '', name: '', password: '' },
      }),
  }) satisfies Partial<DirectoryImpl>;
