import { failure, PHONE_ID, startWiredSimulator, WABA_ID, type Wired } from './test-support';

describe('chosen failures of account-level Graph requests (/_sim/graph-failures)', () => {
  let t: Wired;
  beforeAll(async () => {
    t = await startWiredSimulator();
  });
  afterAll(() => t.close());
  afterEach(() => t.control('DELETE', '/graph-failures'));

  it('fails the matching requests as many times as asked, with the code’s own HTTP status', async () => {
    const rule = await t.control('POST', '/graph-failures', { path: PHONE_ID, code: 190, times: 1 });
    expect(rule.status).toBe(201);
    const refused = await failure(t.client().getPhoneNumberStatus());
    expect(refused).toMatchObject({ code: 190, httpStatus: 401, retryable: false });
    expect((await t.client().getPhoneNumberStatus()).id).toBe(PHONE_ID);
    expect((await t.control('GET', '/graph-failures')).json.data).toEqual([]);
  });

  it('fails only the paths it names, until deleted, with the HTTP status given', async () => {
    await t.control('POST', '/graph-failures', { path: 'template_analytics', code: 2, httpStatus: 503 });
    const range = { start: new Date(Date.now() - 86_400_000), end: new Date() };
    for (let i = 0; i < 2; i++)
      expect(
        await failure(t.client().getTemplateAnalytics(WABA_ID, { ...range, templateIds: ['1'] })),
      ).toMatchObject({ code: 2, httpStatus: 503, retryable: true });
    expect((await t.client().getPricingAnalytics(WABA_ID, range)).total).toBe(0);
    expect((await t.control('GET', '/graph-failures')).json.data).toEqual([
      expect.objectContaining({ path: 'template_analytics', hits: 2, remaining: null }),
    ]);
    expect((await t.control('DELETE', '/graph-failures')).json).toEqual({ removed: 1 });
    await expect(t.client().getTemplateAnalytics(WABA_ID, { ...range, templateIds: ['1'] })).resolves.toEqual(
      [],
    );
  });

  it('refuses a rule without a path or code', async () => {
    expect((await t.control('POST', '/graph-failures', { code: 190 })).status).toBe(400);
    expect((await t.control('POST', '/graph-failures', { path: PHONE_ID })).status).toBe(400);
  });
});
