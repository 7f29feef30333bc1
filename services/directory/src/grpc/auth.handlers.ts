import type { DirectoryDeps } from '../deps';
import { acceptInvite } from '../usecases/auth/accept-invite';
import { changePassword } from '../usecases/auth/change-password';
import { resetPassword } from '../usecases/auth/reset-password';
import { getUserPrincipal, type PrincipalView } from '../usecases/auth/get-user-principal';
import type { IssuedTokens } from '../usecases/auth/issue-tokens';
import { login } from '../usecases/auth/login';
import { logout, refresh } from '../usecases/auth/refresh';
import { iso, opt, type DirectoryImpl, type Reply } from './encode';
import { encodeUser } from './users.handlers';

const encodeTokens = (t: IssuedTokens): Reply<'Login'> => ({ ...t, user: encodeUser(t.user) });

export const encodePrincipal = (p: PrincipalView): Reply<'GetUserPrincipal'> => ({
  orgId: p.orgId,
  kind: p.kind,
  id: p.id,
  role: p.role,
  userId: opt(p.userId),
  expiresAt: iso(p.expiresAt),
  sessionsValidAfter: iso(p.sessionsValidAfter),
});

export const authHandlers = (deps: DirectoryDeps) =>
  ({
    Login: async (req) => encodeTokens(await login(deps, req)),
    Refresh: async ({ refreshToken }) => encodeTokens(await refresh(deps, refreshToken)),
    Logout: async ({ refreshToken }) => {
      await logout(deps, refreshToken);
      return {};
    },
    AcceptInvite: async ({ token, password }) => encodeTokens(await acceptInvite(deps, token, password)),
    ChangePassword: async (req, caller) => encodeTokens(await changePassword(deps, caller, req)),
    ResetPassword: async ({ token, password }, caller) =>
      encodeTokens(await resetPassword(deps, token, password, caller.requestId)),
    GetUserPrincipal: async ({ orgId, userId }) =>
      encodePrincipal(await getUserPrincipal(deps, orgId, userId)),
  }) satisfies Partial<DirectoryImpl>;
