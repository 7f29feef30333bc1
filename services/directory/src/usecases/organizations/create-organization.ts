import { DIRECTORY_EVENTS } from '@inbox/contracts';
import {
  conflict,
  forbidden,
  invalid,
  isUniqueViolation,
  newId,
  transactThenPublish,
  type CallerContext,
} from '@inbox/platform';
import { hashPassword } from '../../auth/secrets';
import { organizationsRepository } from '../../db/repositories/organizations.repository';
import { usersRepository } from '../../db/repositories/users.repository';
import type { DirectoryDeps } from '../../deps';
import { checkPassword } from '../auth/accept-invite';

export interface NewOrganization {
  clientId?: number;
  name: string;
  admin: { email: string; name: string; password: string };
}

export interface CreatedOrganization {
  clientId: number;
  name: string;
  adminUserId: string;
}

const organizationExists = (clientId: number) =>
  conflict('ORGANIZATION_EXISTS', `Organization ${clientId} already exists`);

/** Platform operators only (the platform API and the CLI): an organization and its first Admin, who can sign in at once. */
export async function createOrganization(
  deps: DirectoryDeps,
  caller: CallerContext,
  input: NewOrganization,
): Promise<CreatedOrganization> {
  if (caller.kind !== 'PLATFORM') throw forbidden('Only platform operators create organizations');
  if (input.clientId !== undefined && (!Number.isInteger(input.clientId) || input.clientId < 1))
    throw invalid('VALIDATION_FAILED', 'clientId must be a positive integer', [
      { path: 'clientId', message: 'Positive integer' },
    ]);
  checkPassword(input.admin.password, 'admin.password');
  const passwordHash = await hashPassword(input.admin.password);
  try {
    return await transactThenPublish(deps, async (tx) => {
      const clientId = input.clientId ?? (await organizationsRepository.nextClientId(tx));
      if (await organizationsRepository.find(tx, clientId)) throw organizationExists(clientId);
      await organizationsRepository.insert(tx, { clientId, name: input.name.trim() });
      const admin = await usersRepository.insert(tx, {
        id: newId(),
        orgId: clientId,
        email: input.admin.email.trim().toLowerCase(),
        name: input.admin.name.trim(),
        role: 'ADMIN',
        status: 'OFFLINE',
        passwordHash,
        invitationAcceptedAt: deps.now(),
      });
      // Announced like any other user, so the organization's own consumers (analytics' agents,
      // the gateway's caches) know its first Admin from the start.
      await deps.events.record(tx, { ...caller, orgId: clientId }, DIRECTORY_EVENTS.userCreated, {
        userId: admin.id,
        email: admin.email,
        name: admin.name,
        role: 'ADMIN',
        actorId: null,
      });
      return { clientId, name: input.name.trim(), adminUserId: admin.id };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw organizationExists(input.clientId ?? 0);
    throw error;
  }
}

export const PLATFORM_CALLER: CallerContext = {
  orgId: 0,
  kind: 'PLATFORM',
  principalId: 'platform',
  role: null,
  userId: null,
  requestId: 'bootstrap',
};

/** The all-in-one start: creates the bootstrap organization and its Admin when absent. Returns whether it did. */
export async function ensureOrganization(
  deps: DirectoryDeps,
  input: Required<Pick<NewOrganization, 'clientId'>> & NewOrganization,
): Promise<boolean> {
  if (await organizationsRepository.find(deps.db, input.clientId)) return false;
  try {
    await createOrganization(deps, PLATFORM_CALLER, input);
    return true;
  } catch (error) {
    // Two replicas bootstrapping at once: the other one won.
    if (error instanceof Error && 'code' in error && error.code === 'ORGANIZATION_EXISTS') return false;
    throw error;
  }
}
