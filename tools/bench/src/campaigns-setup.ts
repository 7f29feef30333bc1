import { ADMIN } from './campaigns-system';
import type { Probe } from './campaigns-probe';

/** What a campaign run needs before its first campaign: the Admin signed in, an approved template. */

/** The bootstrap organization's Admin (created by startCampaignsSystem) signed in: an access token. */
export async function login(api: string): Promise<string> {
  const res = await fetch(`${api}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ clientId: ADMIN.clientId, email: ADMIN.email, password: ADMIN.password }),
  });
  if (res.status !== 200) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** A MARKETING template without variables, created through the API and approved by the simulator. */
export async function approvedTemplate(probe: Probe, prefix = 'bench_campaign'): Promise<string> {
  const created = await probe.call<{ id: string }>('POST', '/templates', {
    name: `${prefix}_${Date.now().toString(36)}`,
    category: 'MARKETING',
    language: 'en_US',
    components: [{ type: 'BODY', text: 'Our spring sale starts today: 20% off everything.' }],
  });
  if (created.status !== 201) throw new Error(`template: ${created.status} ${JSON.stringify(created.body)}`);
  const deadline = Date.now() + 60_000;
  for (;;) {
    const { body } = await probe.call<{ status: string }>('GET', `/templates/${created.body.id}`);
    if (body.status === 'APPROVED') return created.body.id;
    if (Date.now() > deadline) throw new Error(`template still ${body.status}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
