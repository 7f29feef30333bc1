import { ADMIN, PLATFORM_TOKEN, type TestSystem } from './system';
import { client, login, type Client } from './http';

/** Builders for the people a scenario needs: the bootstrap Admin, agents, a second organization. */
export async function adminOf(t: TestSystem): Promise<{ api: Client; token: string }> {
  const api = client(t.baseUrl);
  return { api, token: await login(api, ADMIN.clientId, ADMIN.email, ADMIN.password) };
}

/** Creates an organization through the platform API; returns its Admin's token. */
export async function makeOrganization(
  t: TestSystem,
  clientId: number,
): Promise<{ token: string; adminUserId: string }> {
  const api = client(t.baseUrl);
  const email = `admin${clientId}@example.com`;
  const res = await api.post(
    '/platform/organizations',
    {
      clientId,
      name: `Org ${clientId}`,
      admin: { email, name: `Admin ${clientId}`, password: 'admin-password-2' },
    },
    { token: PLATFORM_TOKEN },
  );
  if (res.status !== 201) throw new Error(`organization: ${res.status} ${JSON.stringify(res.body)}`);
  return { token: await login(api, clientId, email, 'admin-password-2'), adminUserId: res.body.adminUserId };
}

/** Invites a user as the Admin, accepts the invitation from the captured e-mail; returns id and token. */
export async function makeUser(
  t: TestSystem,
  adminToken: string,
  fields: { email: string; name?: string; role?: 'ADMIN' | 'AGENT' },
): Promise<{ id: string; token: string }> {
  const api = client(t.baseUrl);
  const created = await api.post(
    '/users',
    { name: fields.name ?? fields.email, email: fields.email, role: fields.role },
    { token: adminToken },
  );
  if (created.status !== 201) throw new Error(`user: ${created.status} ${JSON.stringify(created.body)}`);
  const mail = [...t.mails].reverse().find((m) => m.to === fields.email.toLowerCase());
  const token = /token=([\w-]+)/.exec(mail?.text ?? '')?.[1];
  if (!token) throw new Error('no invitation e-mail captured');
  const accepted = await api.post('/auth/accept-invite', { token, password: 'agent-password-1' });
  if (accepted.status !== 200) throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
  return { id: created.body.id, token: accepted.body.accessToken };
}
