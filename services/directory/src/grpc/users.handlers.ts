import type { UserRow } from '../db/repositories/users.repository';
import type { Role, UserStatus } from '@inbox/contracts';
import type { DirectoryDeps } from '../deps';
import { bulkUsers } from '../usecases/users/bulk-users';
import { createUser } from '../usecases/users/create-user';
import { deleteUser } from '../usecases/users/delete-user';
import { getUser, listUsers } from '../usecases/users/list-users';
import { resendInvite } from '../usecases/users/resend-invite';
import { sendPasswordReset } from '../usecases/users/send-password-reset';
import { setUserStatus } from '../usecases/users/set-user-status';
import { updateUser } from '../usecases/users/update-user';
import { iso, type DirectoryImpl, type Reply } from './encode';

/** Never includes password or invitation hashes. */
export const encodeUser = (u: UserRow): Reply<'GetUser'> => ({
  id: u.id,
  email: u.email,
  name: u.name,
  role: u.role,
  status: u.status,
  invitationStatus: u.invitationAcceptedAt ? 'ACCEPTED' : 'PENDING',
  createdAt: iso(u.createdAt),
  updatedAt: iso(u.updatedAt),
  lastLoginAt: iso(u.lastLoginAt),
  statusChangedAt: iso(u.statusChangedAt),
});

export const userHandlers = (deps: DirectoryDeps) =>
  ({
    ListUsers: async (req, caller) => ({ data: (await listUsers(deps, caller, req)).map(encodeUser) }),
    GetUser: async ({ id }, caller) => encodeUser(await getUser(deps, caller, id)),
    CreateUser: async (req, caller) =>
      encodeUser(
        await createUser(deps, caller, {
          email: req.email,
          name: req.name,
          role: req.role as Role | undefined,
        }),
      ),
    UpdateUser: async ({ id, role, ...patch }, caller) =>
      encodeUser(await updateUser(deps, caller, id, { ...patch, role: role as Role | undefined })),
    DeleteUser: async ({ id }, caller) => {
      await deleteUser(deps, caller, id);
      return {};
    },
    ResendInvite: async ({ id }, caller) => encodeUser(await resendInvite(deps, caller, id)),
    SendPasswordReset: async ({ id }, caller) => encodeUser(await sendPasswordReset(deps, caller, id)),
    SetUserStatus: async ({ id, status }, caller) =>
      encodeUser(await setUserStatus(deps, caller, id, status as UserStatus)),
    BulkUsers: async (req, caller) =>
      bulkUsers(deps, caller, {
        action: req.action,
        mode: req.mode,
        ids: req.ids,
        filter: req.filter ?? undefined,
      }),
  }) satisfies Partial<DirectoryImpl>;
