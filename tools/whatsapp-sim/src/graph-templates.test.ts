import { PHONE_ID, WABA_ID, startWiredSimulator, type Wired } from './test-support';

/** Graph's template paths answered directly (what the client does not do on purpose). */

const body = (name: string, language = 'es_MX') => ({
  name,
  language,
  category: 'UTILITY',
  components: [{ type: 'BODY', text: 'Tu cita es mañana.' }],
});

describe('/{waba-id}/message_templates', () => {
  let t: Wired;
  beforeEach(async () => {
    t = await startWiredSimulator({ templateAutoApprove: false });
  });
  afterEach(() => t.close());

  const create = (name: string, language?: string) =>
    t.graph('POST', `/v23.0/${WABA_ID}/message_templates`, body(name, language));
  const names = async (query = '') =>
    (await t.graph('GET', `/v23.0/${WABA_ID}/message_templates${query}`)).json.data.map(
      (x: any) => `${x.name}/${x.language}`,
    );

  it('deletes every language of a name when hsm_id is left out, as Graph does', async () => {
    await create('reminder');
    await create('reminder', 'en_US');
    await create('other');
    const res = await t.graph('DELETE', `/v23.0/${WABA_ID}/message_templates?name=reminder`);
    expect(res.json).toEqual({ success: true });
    expect(await names()).toEqual(['other/es_MX']);
    const missing = await t.graph('DELETE', `/v23.0/${WABA_ID}/message_templates`);
    expect(missing.json.error).toMatchObject({
      code: 100,
      message: '(#100) The parameter name is required.',
    });
  });

  it('keeps the templates of each WABA apart', async () => {
    await create('mine');
    await t.graph('POST', `/v23.0/987654321/message_templates`, body('theirs'));
    expect(await names()).toEqual(['mine/es_MX']);
    const del = await t.graph('DELETE', `/v23.0/987654321/message_templates?name=mine`);
    expect(del.json.error.error_user_title).toBe('Message Template Not Found');
    expect(await names()).toEqual(['mine/es_MX']);
  });

  it('creates at most 100 templates per WABA per hour (80008), then again an hour later', async () => {
    for (let i = 0; i < 100; i++) expect((await create(`bulk_${i}`)).status).toBe(200);
    const refused = await create('bulk_100');
    expect(refused.status).toBe(429);
    expect(refused.json.error).toMatchObject({
      code: 80008,
      error_user_title: 'Template creation limit reached',
    });
    await t.control('POST', '/clock', { advanceMs: 60 * 60 * 1000 + 1 });
    expect((await create('bulk_100')).status).toBe(200);
  });

  it('filters lists and refuses a cursor it did not issue', async () => {
    await create('a_one');
    await create('a_two', 'en_US');
    expect(await names('?language=en_US')).toEqual(['a_two/en_US']);
    expect(await names('?name=a_one&status=PENDING')).toEqual(['a_one/es_MX']);
    expect(await names('?status=APPROVED')).toEqual([]);
    const bad = await t.graph('GET', `/v23.0/${WABA_ID}/message_templates?after=nonsense`);
    expect(bad.json.error).toMatchObject({ code: 100 });
    const limit = await t.graph('GET', `/v23.0/${WABA_ID}/message_templates?limit=0`);
    expect(limit.status).toBe(400);
  });

  it('reads one template with the fields asked for; other ids still reach media and the phone number', async () => {
    const { id } = (await create('one')).json;
    const read = await t.graph('GET', `/v23.0/${id}?fields=name,status`);
    expect(read.json).toEqual({ id, name: 'one', status: 'PENDING' });
    expect((await t.graph('GET', `/v23.0/${PHONE_ID}`)).json.id).toBe(PHONE_ID);
    expect((await t.graph('GET', '/v23.0/1234567')).status).toBe(404);
    const edit = await t.graph('POST', '/v23.0/1234567', { components: [] });
    expect(edit.json.error).toMatchObject({ code: 100, error_subcode: 33 });
  });

  it('needs the Bearer token', async () => {
    const res = await t.graph('GET', `/v23.0/${WABA_ID}/message_templates`, undefined, {
      authorization: 'Bearer wrong',
    });
    expect(res.status).toBe(401);
    expect(res.json.error.code).toBe(190);
  });

  it('seeds templates through the control API, one (name, language) each', async () => {
    const seed = {
      name: 'seeded',
      language: 'pt_BR',
      category: 'marketing',
      components: [{ type: 'BODY', text: 'Olá' }],
    };
    const res = await t.control('POST', '/templates/seed', seed);
    expect(res.status).toBe(201);
    expect(res.json.data[0]).toMatchObject({
      name: 'seeded',
      status: 'APPROVED',
      category: 'MARKETING',
      wabaId: WABA_ID,
    });
    expect((await t.control('POST', '/templates/seed', seed)).status).toBe(409);
    expect((await t.control('GET', `/templates?wabaId=${WABA_ID}`)).json.data).toHaveLength(1);
    await t.control('POST', '/reset');
    expect((await t.control('GET', '/templates')).json.data).toEqual([]);
  });
});
