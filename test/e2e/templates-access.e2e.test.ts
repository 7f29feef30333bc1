import type { Answer } from '../support/http';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate, PNG, templateBody, uploadHeaderMedia } from '../support/templates';
import { makeOrganization, makeUser } from '../support/world';

jest.setTimeout(60_000);

const t = systemForTestFile();
let other: string;
let agent: string;
/** The bootstrap organization's: an approved template, a draft, and a conversation. */
let approved: Record<string, any>;
let draft: Record<string, any>;
let conversationId: string;
/** The other organization's draft. */
let otherDraft: Record<string, any>;

beforeAll(async () => {
  other = (await makeOrganization(t, 21)).token;
  agent = (await makeUser(t, t.admin, { email: 'templates-access-agent@example.com' })).token;
  approved = await approvedTemplate(t.api, t.admin, 'iso_approved');
  draft = (await t.api.post('/templates/draft', templateBody('iso_draft'), { token: t.admin })).body;
  otherDraft = (await t.api.post('/templates/draft', templateBody('org2_draft'), { token: other })).body;
  const sent = await t.api.post(
    '/templates/iso_approved/send-to-phone',
    { phone: '+5215512349101', parameters: { body: ['Ana'] } },
    { token: t.admin },
  );
  conversationId = sent.body.conversationId;
});

const ids = (res: Answer) => (res.body.data as Array<{ id: string }>).map((x) => x.id);
const ALL = 'status=DRAFT,PENDING,APPROVED,REJECTED,PAUSED,DISABLED,IN_APPEAL,REMOVED';

describe(`organizations never see each other's templates (${MODE})`, () => {
  /** Every endpoint that takes a template id, called with an id of the other organization. */
  const byId = (id: string, name: string) =>
    [
      ['GET', `/templates/${id}`, undefined],
      ['PUT', `/templates/${id}/draft`, templateBody(name)],
      ['PATCH', `/templates/${id}/folder`, { folder: 'x' }],
      ['PATCH', `/templates/${id}/inbox-category`, { inboxCategory: 'x' }],
      ['POST', `/templates/${id}/submit`, undefined],
      ['PUT', `/templates/${id}`, templateBody(name)],
      ['POST', `/templates/${id}/duplicate`, undefined],
      ['DELETE', `/templates/${id}/provider`, undefined],
      ['DELETE', `/templates/${id}`, undefined],
    ] as const;

  it('answers 404 on every endpoint for an id of another organization, and changes nothing', async () => {
    const calls = [
      ...byId(approved.id, 'iso_approved').map((c) => [...c, other] as const),
      ...byId(draft.id, 'iso_draft').map((c) => [...c, other] as const),
      ...byId(otherDraft.id, 'org2_draft').map((c) => [...c, t.admin] as const),
    ];
    for (const [method, path, body, token] of calls) {
      const res = await t.api.send(method, path, { token, body });
      expect({ method, path, status: res.status, code: res.body.code }).toEqual({
        method,
        path,
        status: 404,
        code: 'NOT_FOUND',
      });
    }
    expect((await t.api.get(`/templates/${approved.id}`, { token: t.admin })).body).toMatchObject({
      status: 'APPROVED',
      folder: null,
      inboxCategory: null,
    });
    expect((await t.api.get(`/templates/${otherDraft.id}`, { token: other })).body.status).toBe('DRAFT');
  });

  it('sends neither another organization’s template nor to its conversation', async () => {
    const byName = await t.api.post(
      '/templates/iso_approved/send-to-phone',
      { phone: '+5215512349102', parameters: { body: ['x'] } },
      { token: other },
    );
    expect(byName.status).toBe(404);
    const ownTemplate = await approvedTemplate(t.api, t.admin, 'iso_second');
    expect(ownTemplate.status).toBe('APPROVED');
    const toConversation = await t.api.post(
      '/templates/iso_second/send',
      { conversationId, parameters: { body: ['x'] } },
      { token: other },
    );
    expect(toConversation.status).toBe(404);
    expect(await t.sim.sent('5215512349102')).toEqual([]);
  });

  it('lists, bulk-selects and syncs only the caller’s own', async () => {
    const mine = ids(await t.api.get(`/templates?${ALL}`, { token: t.admin }));
    const theirs = ids(await t.api.get(`/templates?${ALL}`, { token: other }));
    expect(mine).toEqual(expect.arrayContaining([approved.id, draft.id]));
    expect(mine).not.toContain(otherDraft.id);
    expect(theirs).toEqual([otherDraft.id]);
    expect(ids(await t.api.get('/templates?search=iso_', { token: other }))).toEqual([]);

    const byIds = await t.api.post(
      '/templates/bulk',
      { action: 'delete', selection: { mode: 'ids', ids: [approved.id, draft.id] } },
      { token: other },
    );
    expect(byIds.status).toBe(200);
    expect(byIds.body.succeeded).toEqual([]);
    expect(byIds.body.failed.map((f: { code: string }) => f.code)).toEqual(['NOT_FOUND', 'NOT_FOUND']);
    const all = await t.api.post(
      '/templates/bulk',
      { action: 'move', selection: { mode: 'all', filter: { status: 'DRAFT,APPROVED' } }, folder: 'Org 21' },
      { token: other },
    );
    expect(all.body.succeeded).toEqual([otherDraft.id]);
    expect((await t.api.get(`/templates/${draft.id}`, { token: t.admin })).body.folder).toBeNull();

    // Without a channel of its own, the other organization has nothing to sync (and gets nothing of ours).
    expect((await t.api.post('/templates/sync', undefined, { token: other })).status).toBe(409);
    expect(ids(await t.api.get(`/templates?${ALL}`, { token: other }))).toEqual([otherDraft.id]);
  });

  it('links header media only to the organization that uploaded it', async () => {
    const upload = await uploadHeaderMedia(
      t.api,
      t.admin,
      { bytes: PNG, type: 'image/png', name: 'x.png' },
      'IMAGE',
    );
    expect(upload.status).toBe(201);
    const components = [
      { type: 'HEADER', format: 'IMAGE', example: { header_handle: [upload.body.handle] } },
      { type: 'BODY', text: 'Hola {{1}}, mira esto.', example: { body_text: [['Ana']] } },
    ];
    const theirs = await t.api.post('/templates/draft', templateBody('stolen_header', { components }), {
      token: other,
    });
    expect(theirs.status).toBe(201);
    expect(theirs.body.hasHeaderMedia).toBe(false);
    const ours = await t.api.post('/templates/draft', templateBody('own_header', { components }), {
      token: t.admin,
    });
    expect(ours.body.hasHeaderMedia).toBe(true);
  });
});

describe(`Admin-only template endpoints (${MODE})`, () => {
  it.each([
    ['PATCH', '/templates/{draft}/folder', { folder: 'x' }],
    ['PATCH', '/templates/{draft}/inbox-category', { inboxCategory: 'x' }],
    ['DELETE', '/templates/{approved}/provider', undefined],
    ['POST', '/templates/bulk', { action: 'delete', selection: { mode: 'ids', ids: ['any'] } }],
  ])('%s %s is 403 for an Agent, and changes nothing', async (method, template, body) => {
    const path = template.replace('{draft}', draft.id).replace('{approved}', approved.id);
    const res = await t.api.send(method, path, { token: agent, body });
    expect(res.status).toBe(403);
    expect((await t.api.get(`/templates/${draft.id}`, { token: t.admin })).body).toMatchObject({
      folder: null,
      inboxCategory: null,
    });
    expect((await t.api.get(`/templates/${approved.id}`, { token: t.admin })).body.status).toBe('APPROVED');
  });

  it('lets an Agent do the rest: drafts, lists, sync', async () => {
    expect((await t.api.post('/templates/draft', templateBody('agent_draft'), { token: agent })).status).toBe(
      201,
    );
    expect((await t.api.get('/templates', { token: agent })).status).toBe(200);
    expect((await t.api.post('/templates/sync', undefined, { token: agent })).status).toBe(200);
  });
});

describe(`bulk actions (${MODE})`, () => {
  it('deletes, moves and categorizes by ids or by the list’s filters, answering per id', async () => {
    const make = async (name: string) =>
      (await t.api.post('/templates/draft', templateBody(name), { token: t.admin })).body.id as string;
    const [a, b, c] = [await make('bulk_a'), await make('bulk_b'), await make('bulk_c')];
    const moved = await t.api.post(
      '/templates/bulk',
      {
        action: 'move',
        selection: { mode: 'ids', ids: [a, b, '0190d5f5-0000-7000-8000-000000000000'] },
        folder: 'Q3',
      },
      { token: t.admin },
    );
    expect(moved.status).toBe(200);
    expect(moved.body.succeeded.sort()).toEqual([a, b].sort());
    expect(moved.body.failed).toEqual([
      { id: '0190d5f5-0000-7000-8000-000000000000', code: 'NOT_FOUND', message: expect.any(String) },
    ]);
    expect(ids(await t.api.get('/templates?status=DRAFT&folder=Q3', { token: t.admin })).sort()).toEqual(
      [a, b].sort(),
    );

    const categorized = await t.api.post(
      '/templates/bulk',
      {
        action: 'set_inbox_category',
        selection: { mode: 'all', filter: { status: 'DRAFT', folder: 'Q3' } },
        inboxCategory: 'campañas',
      },
      { token: t.admin },
    );
    expect(categorized.body.succeeded.sort()).toEqual([a, b].sort());
    expect((await t.api.get(`/templates/${c}`, { token: t.admin })).body.inboxCategory).toBeNull();

    const cleared = await t.api.post(
      '/templates/bulk',
      { action: 'move', selection: { mode: 'ids', ids: [a] }, folder: null },
      { token: t.admin },
    );
    expect(cleared.body.succeeded).toEqual([a]);
    expect((await t.api.get(`/templates/${a}`, { token: t.admin })).body.folder).toBeNull();

    const deleted = await t.api.post(
      '/templates/bulk',
      { action: 'delete', selection: { mode: 'all', filter: { status: 'DRAFT', search: 'bulk_' } } },
      { token: t.admin },
    );
    expect(deleted.body.succeeded.sort()).toEqual([a, b, c].sort());
    expect(ids(await t.api.get('/templates?status=REMOVED&search=bulk_', { token: t.admin })).sort()).toEqual(
      [a, b, c].sort(),
    );
  });
});

describe(`bad input on every template endpoint is a 400 problem, and nothing is written (${MODE})`, () => {
  const long = 'x'.repeat(101);
  const badBody = { type: 'BODY', text: 'Hola {{2}} y {{1}}', example: { body_text: [['a', 'b']] } };
  const cases: Array<[string, string, string, unknown, string]> = [
    ['an unknown status', 'GET', '/templates?status=LIVE', undefined, 'status'],
    ['a page size over 100', 'GET', '/templates?limit=101', undefined, 'limit'],
    ['a cursor this API never gave', 'GET', '/templates?cursor=bm9wZQ', undefined, 'cursor'],
    ['a language WhatsApp does not have', 'GET', '/templates?language=xx_XX', undefined, 'language'],
    ['an id too long', 'GET', '/templates/{long}', undefined, 'id'],
    ['a name with capitals', 'POST', '/templates', templateBody('Bad Name'), 'name'],
    [
      'variables out of order',
      'POST',
      '/templates',
      templateBody('bad_vars', { components: [badBody] }),
      'components',
    ],
    [
      'an unknown category',
      'POST',
      '/templates/draft',
      templateBody('bad_cat', { category: 'PROMO' }),
      'category',
    ],
    ['no components', 'POST', '/templates/draft', templateBody('no_parts', { components: [] }), 'components'],
    [
      'a body over 1,024 characters',
      'PUT',
      '/templates/{draft}/draft',
      templateBody('iso_draft', { components: [{ type: 'BODY', text: 'a'.repeat(1025) }] }),
      'components',
    ],
    ['a folder over 100 characters', 'PATCH', '/templates/{draft}/folder', { folder: long }, 'folder'],
    ['no folder field', 'PATCH', '/templates/{draft}/folder', {}, 'folder'],
    [
      'a category that is not text',
      'PATCH',
      '/templates/{draft}/inbox-category',
      { inboxCategory: 5 },
      'inboxCategory',
    ],
    ['a control character in the id', 'POST', '/templates/a%00b/submit', undefined, 'id'],
    [
      'a footer over 60 characters',
      'PUT',
      '/templates/{approved}',
      templateBody('iso_approved', {
        components: [...templateBody('x').components.slice(0, 1), { type: 'FOOTER', text: 'f'.repeat(61) }],
      }),
      'components',
    ],
    ['an id too long to delete', 'DELETE', '/templates/{long}', undefined, 'id'],
    ['an id too long to copy', 'POST', '/templates/{long}/duplicate', undefined, 'id'],
    ['a control character to delete in WhatsApp', 'DELETE', '/templates/a%01b/provider', undefined, 'id'],
    ['a name that is no template name', 'POST', '/templates/Bad-Name/send', { conversationId: 'x' }, 'name'],
    [
      'no conversation',
      'POST',
      '/templates/iso_approved/send',
      { parameters: { body: ['x'] } },
      'conversationId',
    ],
    [
      'body parameters that are no list',
      'POST',
      '/templates/iso_approved/send',
      { conversationId: 'x', parameters: { body: 'Ana' } },
      'parameters',
    ],
    ['letters for a phone', 'POST', '/templates/iso_approved/send-to-phone', { phone: 'call me' }, 'phone'],
    [
      'a number no country has',
      'POST',
      '/templates/iso_approved/send-to-phone',
      { phone: '+999 1234', parameters: { body: ['x'] } },
      'phone',
    ],
    [
      'an unknown bulk action',
      'POST',
      '/templates/bulk',
      { action: 'archive', selection: { mode: 'ids', ids: ['a'] } },
      'action',
    ],
    [
      'a move without a folder',
      'POST',
      '/templates/bulk',
      { action: 'move', selection: { mode: 'ids', ids: ['a'] } },
      'folder',
    ],
    [
      'more than 500 ids',
      'POST',
      '/templates/bulk',
      { action: 'delete', selection: { mode: 'ids', ids: Array.from({ length: 501 }, (_, i) => `id${i}`) } },
      'selection',
    ],
    [
      'an unknown status in the selection',
      'POST',
      '/templates/bulk',
      { action: 'delete', selection: { mode: 'all', filter: { status: 'LIVE' } } },
      'selection',
    ],
    ['a header-media id too long', 'GET', '/templates/{long}/header-media', undefined, 'id'],
  ];

  const resolve = (path: string) =>
    path.replace('{long}', long).replace('{draft}', draft.id).replace('{approved}', approved.id);

  it.each(cases)('%s: %s %s', async (_name, method, path, body, field) => {
    const before = (await t.sim.templates()).length;
    const res = await t.api.send(method, resolve(path), { token: t.admin, body });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toContain('application/problem+json');
    expect(res.body.code).toBe('VALIDATION_FAILED');
    expect(res.body.errors.map((e: { path: string }) => e.path).join(' ')).toContain(field);
    expect((await t.sim.templates()).length).toBe(before);
  });

  it('stores no template and sends nothing when the input is refused', async () => {
    const names = (await t.api.get(`/templates?${ALL}`, { token: t.admin })).body.data.map(
      (x: { name: string }) => x.name,
    );
    for (const name of ['bad_vars', 'bad_cat', 'no_parts']) expect(names).not.toContain(name);
    expect((await t.api.get(`/templates/${draft.id}`, { token: t.admin })).body.folder).toBeNull();
  });
});
