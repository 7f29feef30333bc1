import { eventually } from '../support/http';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate, PNG, templateBody, uploadHeaderMedia, waitForStatus } from '../support/templates';
import { makeOrganization } from '../support/world';

jest.setTimeout(90_000);

/** Syncs per organization and hour in this system: enough for the scenarios, then 429. */
const SYNC_LIMIT = 3;

const t = systemForTestFile({ limits: { TEMPLATE_SYNC_LIMIT_PER_HOUR: SYNC_LIMIT } });

const seeded = (i: number) => ({
  name: `seeded_${String(i).padStart(3, '0')}`,
  language: 'es_MX',
  category: i % 2 ? 'MARKETING' : 'UTILITY',
  status: i === 0 ? 'PAUSED' : 'APPROVED',
  components: [{ type: 'BODY', text: `Mensaje ${i}` }],
});

/** The webhook deliveries about a template. */
const webhooksOf = async (providerTemplateId: string) =>
  ((await t.sim.webhooks()) as Array<{ id: string; templateId?: string; outcome: string }>).filter(
    (w) => w.templateId === providerTemplateId,
  );

/** The Admin's syncs so far: the limit counts every one of them. */
let syncsSpent = 0;
const syncAsAdmin = () => {
  syncsSpent += 1;
  return t.api.post('/templates/sync', undefined, { token: t.admin });
};

describe(`sync with WhatsApp (${MODE})`, () => {
  it('pages through three pages, adds, updates what a lost webhook missed, keeps local metadata, and gives a just-created template time before taking it for gone', async () => {
    const kept = await approvedTemplate(t.api, t.admin, 'sync_kept');
    await t.api.patch(`/templates/${kept.id}/folder`, { folder: 'Ventas' }, { token: t.admin });
    const gone = await approvedTemplate(t.api, t.admin, 'sync_gone');
    const draft = await t.api.post('/templates/draft', templateBody('sync_draft'), { token: t.admin });

    // Someone deletes one in WhatsApp Manager, and WhatsApp pauses another while webhooks are lost.
    const deleted = await t.sim.graph(
      'DELETE',
      `/${t.system.whatsapp.channel.wabaId}/message_templates?name=sync_gone&hsm_id=${gone.providerTemplateId}`,
    );
    expect(deleted.status).toBe(200);
    const webhookUrl = (await t.sim.config()).webhookUrl;
    await t.sim.config({ webhookUrl: 'http://127.0.0.1:9/api/v1/webhooks/whatsapp' });
    try {
      const earlier = new Set((await webhooksOf(kept.providerTemplateId)).map((w) => w.id));
      await t.sim.review(kept.providerTemplateId, { action: 'pause' });
      // The simulator retries, then gives up: the gateway never heard of the pause.
      await eventually(async () => {
        const lost = (await webhooksOf(kept.providerTemplateId)).filter((w) => !earlier.has(w.id));
        expect(lost.map((w) => w.outcome)).toEqual(['failed']);
      }, 15_000);
    } finally {
      await t.sim.config({ webhookUrl });
    }
    expect((await t.api.get(`/templates/${kept.id}`, { token: t.admin })).body.status).toBe('APPROVED');
    // 205 more: with WhatsApp's pages of 100, three pages.
    await t.sim.seedTemplates(Array.from({ length: 205 }, (_, i) => seeded(i)));

    const sync = await syncAsAdmin();
    expect(sync.status).toBe(200);
    expect(sync.body).toEqual({ created: 205, updated: 1, removed: 0, unchanged: 0 });

    const after = (await t.api.get(`/templates/${kept.id}`, { token: t.admin })).body;
    expect(after).toMatchObject({ status: 'PAUSED', folder: 'Ventas' });
    // Created seconds ago: WhatsApp's listing may lag, so only a sync 5 minutes on removes it (confirmed
    // by id); that is covered by the templates service's sync tests.
    expect((await t.api.get(`/templates/${gone.id}`, { token: t.admin })).body.status).toBe('APPROVED');
    expect((await t.api.get(`/templates/${draft.body.id}`, { token: t.admin })).body.status).toBe('DRAFT');

    // Every page of the list, by cursor: the seeded templates are all there, once.
    const names: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = `/templates?search=seeded_&limit=40${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
      const page = await t.api.get(query, { token: t.admin });
      expect(page.status).toBe(200);
      names.push(...page.body.data.map((x: { name: string }) => x.name));
      cursor = page.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(6);
    expect(new Set(names).size).toBe(204); // APPROVED by default: the PAUSED one is not listed
    const paused = await t.api.get('/templates?status=PAUSED&search=seeded_', { token: t.admin });
    expect(paused.body.data.map((x: { name: string }) => x.name)).toEqual(['seeded_000']);
    const marketing = await t.api.get('/templates?category=MARKETING&search=seeded_&limit=100', {
      token: t.admin,
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
    const otherSync = await t.api.post('/templates/sync', undefined, { token: other.token });
    expect(otherSync.status).toBe(409);
  });
});

describe(`header media (${MODE})`, () => {
  it('uploads a sample, links it to the template, sends the template with its public link, and serves the bytes without authorization', async () => {
    const upload = await uploadHeaderMedia(
      t.api,
      t.admin,
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
    const uploads = (await (await fetch(`${t.sim.url}/_sim/uploads`)).json()) as { data: unknown[] };
    expect(JSON.stringify(uploads.data)).toContain(String(PNG.length));

    const body = templateBody('photo_offer', {
      category: 'MARKETING',
      components: [
        { type: 'HEADER', format: 'IMAGE', example: { header_handle: [upload.body.handle] } },
        { type: 'BODY', text: 'Hola {{1}}, mira nuestra oferta.', example: { body_text: [['Ana']] } },
      ],
    });
    const created = await t.api.post('/templates', body, { token: t.admin });
    expect(created.status).toBe(201);
    expect(created.body.hasHeaderMedia).toBe(true);
    await waitForStatus(t.api, t.admin, created.body.id, 'APPROVED');

    const sent = await t.api.post(
      '/templates/photo_offer/send-to-phone',
      { phone: '+5215512348001', parameters: { body: ['Ana'] } },
      { token: t.admin },
    );
    expect(sent.status).toBe(201);
    const link = `http://inbox.test/api/v1/templates/${created.body.id}/header-media`;
    const request = (await t.sim.sent('5215512348001')).at(-1)!;
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
    const revalidated = await t.api.send('GET', path, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);

    // An explicit link wins over the template's own file.
    await t.api.post(
      '/templates/photo_offer/send-to-phone',
      {
        phone: '+5215512348001',
        parameters: { header: { link: 'https://cdn.example.com/p.png' }, body: ['Ana'] },
      },
      { token: t.admin },
    );
    expect(JSON.stringify((await t.sim.sent('5215512348001')).at(-1)!.body)).toContain(
      'https://cdn.example.com/p.png',
    );

    // Removed: the link answers 404 like an unknown id or a template without media.
    const textOnly = await approvedTemplate(t.api, t.admin, 'text_only');
    for (const id of ['0190d5f5-0000-7000-8000-000000000000', textOnly.id, 'not-an-id'])
      expect((await t.api.get(`/templates/${id}/header-media`)).status).toBe(404);
    await t.api.delete(`/templates/${created.body.id}`, { token: t.admin });
    const afterRemoval = await t.api.get(path);
    expect(afterRemoval.status).toBe(404);
    expect(afterRemoval.body.code).toBe('NOT_FOUND');
  });

  it('refuses another type (415), a file over WhatsApp’s limit (413) and a bad header type (400), storing nothing', async () => {
    const simUploads = async () =>
      ((await (await fetch(`${t.sim.url}/_sim/uploads`)).json()) as { data: unknown[] }).data.length;
    const upload = (file: Parameters<typeof uploadHeaderMedia>[2], headerType: string, token = t.admin) =>
      uploadHeaderMedia(t.api, token, file, headerType);
    const png = { bytes: PNG, type: 'image/png', name: 'a.png' };
    const before = await simUploads();
    expect(
      (await upload({ bytes: Buffer.alloc(100, 1), type: 'image/gif', name: 'a.gif' }, 'IMAGE')).status,
    ).toBe(415);
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024, 1)]);
    expect((await upload({ bytes: big, type: 'image/png', name: 'big.png' }, 'IMAGE')).status).toBe(413);
    // A PNG for a VIDEO header, and AUDIO, which is no template header type.
    expect((await upload(png, 'VIDEO')).status).toBe(415);
    expect((await upload(png, 'AUDIO')).status).toBe(400);
    expect((await upload(undefined, 'IMAGE')).status).toBe(400);
    const json = await t.api.post('/templates/upload-media', { headerType: 'IMAGE' }, { token: t.admin });
    expect(json.status).toBe(415);
    expect((await upload(png, 'IMAGE', '')).status).toBe(401);
    expect(await simUploads()).toBe(before);
  });
});
