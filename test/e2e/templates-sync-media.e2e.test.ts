import { eventually, type Client } from '../support/http';
import { simulatorOf } from '../support/simulator';
import { MODE, startTestSystem, type TestSystem } from '../support/system';
import { approvedTemplate, PNG, templateBody, uploadHeaderMedia, waitForStatus } from '../support/templates';
import { adminOf, makeOrganization } from '../support/world';

jest.setTimeout(90_000);

/** Syncs per organization and hour in this system: enough for the scenarios, then 429. */
const SYNC_LIMIT = 3;

let t: TestSystem;
let api: Client;
let admin: string;
let sim: ReturnType<typeof simulatorOf>;

beforeAll(async () => {
  t = await startTestSystem({ limits: { TEMPLATE_SYNC_LIMIT_PER_HOUR: SYNC_LIMIT } });
  ({ api, token: admin } = await adminOf(t));
  sim = simulatorOf(t);
});
afterAll(() => t.stop());

const seeded = (i: number) => ({
  name: `seeded_${String(i).padStart(3, '0')}`,
  language: 'es_MX',
  category: i % 2 ? 'MARKETING' : 'UTILITY',
  status: i === 0 ? 'PAUSED' : 'APPROVED',
  components: [{ type: 'BODY', text: `Mensaje ${i}` }],
});

/** The webhook deliveries about a template. */
const webhooksOf = async (providerTemplateId: string) =>
  ((await sim.webhooks()) as Array<{ id: string; templateId?: string; outcome: string }>).filter(
    (w) => w.templateId === providerTemplateId,
  );

/** The Admin's syncs so far: the limit counts every one of them. */
let syncsSpent = 0;
const syncAsAdmin = () => {
  syncsSpent += 1;
  return api.post('/templates/sync', undefined, { token: admin });
};

describe(`sync with WhatsApp (${MODE})`, () => {
  it('pages through three pages, adds, updates what a lost webhook missed, keeps local metadata, and gives a just-created template time before taking it for gone', async () => {
    const kept = await approvedTemplate(api, admin, 'sync_kept');
    await api.patch(`/templates/${kept.id}/folder`, { folder: 'Ventas' }, { token: admin });
    const gone = await approvedTemplate(api, admin, 'sync_gone');
    const draft = await api.post('/templates/draft', templateBody('sync_draft'), { token: admin });

    // Someone deletes one in WhatsApp Manager, and WhatsApp pauses another while webhooks are lost.
    const deleted = await sim.graph(
      'DELETE',
      `/${t.system.whatsapp.channel.wabaId}/message_templates?name=sync_gone&hsm_id=${gone.providerTemplateId}`,
    );
    expect(deleted.status).toBe(200);
    const webhookUrl = (await sim.config()).webhookUrl;
    await sim.config({ webhookUrl: 'http://127.0.0.1:9/api/v1/webhooks/whatsapp' });
    try {
      const earlier = new Set((await webhooksOf(kept.providerTemplateId)).map((w) => w.id));
      await sim.review(kept.providerTemplateId, { action: 'pause' });
      // The simulator retries, then gives up: the gateway never heard of the pause.
      await eventually(async () => {
        const lost = (await webhooksOf(kept.providerTemplateId)).filter((w) => !earlier.has(w.id));
        expect(lost.map((w) => w.outcome)).toEqual(['failed']);
      }, 15_000);
    } finally {
      await sim.config({ webhookUrl });
    }
    expect((await api.get(`/templates/${kept.id}`, { token: admin })).body.status).toBe('APPROVED');
    // 205 more: with WhatsApp's pages of 100, three pages.
    await sim.seedTemplates(Array.from({ length: 205 }, (_, i) => seeded(i)));

    const sync = await syncAsAdmin();
    expect(sync.status).toBe(200);
    expect(sync.body).toEqual({ created: 205, updated: 1, removed: 0, unchanged: 0 });

    const after = (await api.get(`/templates/${kept.id}`, { token: admin })).body;
    expect(after).toMatchObject({ status: 'PAUSED', folder: 'Ventas' });
    // Created seconds ago: WhatsApp's listing may lag, so only a sync 5 minutes on removes it (confirmed
    // by id); that is covered by the templates service's sync tests.
    expect((await api.get(`/templates/${gone.id}`, { token: admin })).body.status).toBe('APPROVED');
    expect((await api.get(`/templates/${draft.body.id}`, { token: admin })).body.status).toBe('DRAFT');

    // Every page of the list, by cursor: the seeded templates are all there, once.
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/templates?search=seeded_&limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await api.get(query, { token: admin });
      expect(page.status).toBe(200);
      names.push(...page.body.data.map((x: { name: string }) => x.name));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(6);
    expect(new Set(names).size).toBe(204); // APPROVED by default: the PAUSED one is not listed
    const paused = await api.get('/templates?status=PAUSED&search=seeded_', { token: admin });
    expect(paused.body.data.map((x: { name: string }) => x.name)).toEqual(['seeded_000']);
    const marketing = await api.get('/templates?category=MARKETING&search=seeded_&limit=100', {
      token: admin,
    });
    expect(marketing.body.data.every((x: { category: string }) => x.category === 'MARKETING')).toBe(true);

    const again = await syncAsAdmin();
    expect(again.body).toEqual({ created: 0, updated: 0, removed: 0, unchanged: 206 });
  });

  it(`allows ${SYNC_LIMIT} syncs per organization and hour, then answers 429 with Retry-After`, async () => {
    while (syncsSpent < SYNC_LIMIT) expect((await syncAsAdmin()).status).toBe(200);
    const refused = await syncAsAdmin();
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const other = await makeOrganization(t, 41);
    // Another organization has a budget of its own (it has no WhatsApp channel: 409, not 429).
    const otherSync = await api.post('/templates/sync', undefined, { token: other.token });
    expect(otherSync.status).toBe(409);
  });
});

describe(`header media (${MODE})`, () => {
  it('uploads a sample, links it to the template, sends the template with its public link, and serves the bytes without authorization', async () => {
    const upload = await uploadHeaderMedia(
      api,
      admin,
      { bytes: PNG, type: 'image/png', name: 'promo.png' },
      'IMAGE',
    );
    expect(upload.status).toBe(201);
    expect(upload.body).toMatchObject({
      headerType: 'IMAGE',
      mimeType: 'image/png',
      size: PNG.length,
      filename: 'promo.png',
      handle: expect.any(String),
    });
    const uploads = (await (await fetch(`${sim.url}/_sim/uploads`)).json()) as { data: unknown[] };
    expect(JSON.stringify(uploads.data)).toContain(String(PNG.length));

    const body = templateBody('photo_offer', {
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [upload.body.handle] } },
        { type: 'BODY', text: 'Hola {{1}}, mira nuestra oferta.', example: { body_text: [['Ana']] } },
      ],
    });
    const created = await api.post('/templates', body, { token: admin });
    expect(created.status).toBe(201);
    expect(created.body.hasHeaderMedia).toBe(true);
    await waitForStatus(api, admin, created.body.id, 'APPROVED');

    const sent = await api.post(
      '/templates/photo_offer/send-to-phone',
      { phone: '+5215512348001', parameters: { body: ['Ana'] } },
      { token: admin },
    );
    expect(sent.status).toBe(201);
    const link = `http://inbox.test/api/v1/templates/${created.body.id}/header-media`;
    const request = (await sim.sent('5215512348001')).at(-1)!;
    expect(request.body).toMatchObject({
      template: {
        components: expect.arrayContaining([
          { type: 'header', parameters: [{ type: 'image', image: { link } }] },
        ]),
      },
    });

    // What WhatsApp fetches: the public link, no credentials.
    const path = new URL(link).pathname.replace('/api/v1', '');
    const file = await fetch(`${t.baseUrl}${path}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('cache-control')).toMatch(/max-age=\d+/);
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG)).toBe(true);
    const etag = file.headers.get('etag')!;
    const revalidated = await api.send('GET', path, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);

    // An explicit link wins over the template's own file.
    await api.post(
      '/templates/photo_offer/send-to-phone',
      {
        phone: '+5215512348001',
        parameters: { header: { link: 'https://cdn.example.com/p.png' }, body: ['Ana'] },
      },
      { token: admin },
    );
    expect(JSON.stringify((await sim.sent('5215512348001')).at(-1)!.body)).toContain(
      'https://cdn.example.com/p.png',
    );

    // Removed: the link answers 404 like an unknown id or a template without media.
    const textOnly = await approvedTemplate(api, admin, 'text_only');
    for (const id of ['0190d5f5-0000-7000-8000-000000000000', textOnly.id, 'not-an-id'])
      expect((await api.get(`/templates/${id}/header-media`)).status).toBe(404);
    await api.delete(`/templates/${created.body.id}`, { token: admin });
    const afterRemoval = await api.get(path);
    expect(afterRemoval.status).toBe(404);
    expect(afterRemoval.body.code).toBe('NOT_FOUND');
  });

  it('refuses another type (415), a file over WhatsApp’s limit (413) and a bad header type (400), storing nothing', async () => {
    const before = ((await (await fetch(`${sim.url}/_sim/uploads`)).json()) as { data: unknown[] }).data
      .length;
    const gif = await uploadHeaderMedia(
      api,
      admin,
      { bytes: Buffer.alloc(100, 1), type: 'image/gif', name: 'a.gif' },
      'IMAGE',
    );
    expect(gif.status).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    const tooBig = await uploadHeaderMedia(
      api,
      admin,
      { bytes: big, type: 'image/png', name: 'big.png' },
      'IMAGE',
    );
    expect(tooBig.status).toBe(413);
    const wrongKind = await uploadHeaderMedia(
      api,
      admin,
      { bytes: PNG, type: 'image/png', name: 'a.png' },
      'VIDEO',
    );
    expect(wrongKind.status).toBe(415);
    const noType = await uploadHeaderMedia(
      api,
      admin,
      { bytes: PNG, type: 'image/png', name: 'a.png' },
      'AUDIO',
    );
    expect(noType.status).toBe(400);
    const noFile = await uploadHeaderMedia(api, admin, undefined, 'IMAGE');
    expect(noFile.status).toBe(400);
    const json = await api.post('/templates/upload-media', { headerType: 'IMAGE' }, { token: admin });
    expect(json.status).toBe(415);
    const anonymous = await uploadHeaderMedia(
      api,
      '',
      { bytes: PNG, type: 'image/png', name: 'a.png' },
      'IMAGE',
    );
    expect(anonymous.status).toBe(401);
    const after = ((await (await fetch(`${sim.url}/_sim/uploads`)).json()) as { data: unknown[] }).data
      .length;
    expect(after).toBe(before);
  });
});
