import type { Role } from '@inbox/platform';

/** Who is calling, as the gateway resolved it. */
export interface Principal {
  orgId: number;
  kind: 'USER' | 'API_KEY';
  /** The user id, or the API key id. */
  id: string;
  role: Role;
  /** The user behind the call: the user, or the user who created the key. */
  userId: string | null;
}
