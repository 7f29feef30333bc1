import { ADMIN_KEY, campaignsGatewayForTestFile } from '../testing/campaigns-stand-in';

// Reading campaigns, Admin routes and the CSV routes through the gateway's pipeline (real gRPC and
// HTTP to a stand-in campaigns service).

const { answers, call, received, methods } = campaignsGatewayForTestFile();

const campaign = { name: 'Spring sale', templateId: 't1' };

describe('reading campaigns', () => {
  it('GET /campaigns/{id}: the campaign with a page of recipients in REST shape', async () => {
    const res = await call('GET', '/campaigns/c1?page=2&limit=2&status=FAILED');
    expect(res.status).toBe(200);
    expect(received()[0]).toMatchObject({
      method: 'GetCampaign',
      request: { id: 'c1', page: 2, limit: 2, status: 'FAILED' },
    });
    expect(res.body).toMatchObject({ status: 'PAUSED', pauseCode: 'SPAM_LIMIT', pauseReason: '131048' });
    expect(res.body!.recipients).toEqual({
      data: [
        {
          id: 'r1',
          phone: '+5215512345678',
          waId: null,
          status: 'PENDING',
          error: null,
          sentAt: null,
          deliveredAt: null,
          readAt: null,
          repliedAt: null,
          failedAt: null,
          cost: null,
          retryableAfter: null,
          parameters: { body: ['Ana'] },
        },
        expect.objectContaining({
          status: 'FAILED',
          error: { code: '131049', title: 'Not delivered for ecosystem health', details: null },
          retryableAfter: '2025-03-02T10:01:00.000Z',
          parameters: null,
        }),
      ],
      page: 2,
      limit: 2,
      total: 4,
    });
  });

  it('GET /campaigns/{id} asks for the spec’s defaults: page 1 of 25, every status', async () => {
    await call('GET', '/campaigns/c1');
    expect(received()[0].request).toEqual({ id: 'c1', page: 1, limit: 25 });
  });

  it.each([
    ['?status=DISPATCHING', 'query.status'],
    ['?limit=1000', 'query.limit'],
    ['?page=0', 'query.page'],
  ])('GET /campaigns/{id}%s is a 400 naming %s', async (query, path) => {
    const res = await call('GET', `/campaigns/c1${query}`);
    expect(res.status).toBe(400);
    expect(res.body!.errors.map((e) => e.path)).toEqual([path]);
  });

  it('GET /campaigns: cursor pagination by default, page pagination with its total', async () => {
    expect((await call('GET', '/campaigns')).body).toMatchObject({
      nextCursor: 'next',
      page: null,
      total: null,
    });
    answers.ListCampaigns = async () => ({ data: [], page: 3, limit: 10, total: 21 });
    expect((await call('GET', '/campaigns?page=3&limit=10&kind=SURVEY')).body).toEqual({
      data: [],
      nextCursor: null,
      page: 3,
      limit: 10,
      total: 21,
    });
    expect(received()[1].request).toMatchObject({ page: 3, limit: 10, kind: 'SURVEY' });
  });

  it('reaches the literal routes, not GET /campaigns/{id}', async () => {
    expect((await call('GET', '/campaigns/pricing')).body).toMatchObject({
      currency: 'USD',
      markets: [{ market: 'MX', authenticationInternational: null }],
    });
    expect((await call('GET', '/campaigns/provider-costs?force=true')).body).toMatchObject({
      templates: [{ sent: 300, delivered: 290, templateId: null, costPerDelivered: null }],
    });
    expect((await call('GET', '/campaigns/phone-status', { key: ADMIN_KEY })).body).toMatchObject({
      qualityRating: 'GREEN',
      messagingLimitTier: null,
      sendRate: 80,
    });
    expect(received().map((r) => [r.method, r.request])).toEqual([
      ['GetPricing', {}],
      ['GetProviderCosts', { force: true }],
      ['GetPhoneStatus', {}],
    ]);
  });
});

describe('Admin routes', () => {
  it.each([
    ['/campaigns/phone-status'],
    ['/campaigns/c1/survey-results'],
    ['/campaigns/c1/survey-results/export'],
  ])('GET %s: 403 for an Agent, without asking the service', async (path) => {
    const res = await call('GET', path);
    expect(res).toMatchObject({ status: 403, body: { code: 'FORBIDDEN' } });
    expect(methods()).toEqual([]);
  });

  it('GET /campaigns/{id}/survey-results for an Admin: page and pageSize passed on', async () => {
    const res = await call('GET', '/campaigns/c1/survey-results?page=2&pageSize=10', { key: ADMIN_KEY });
    expect(res.status).toBe(200);
    expect(received()[0].request).toEqual({ id: 'c1', page: 2, pageSize: 10 });
  });
});

describe('CSV through the campaigns service’s internal HTTP', () => {
  it('GET /campaigns/{id}/export streams the CSV, with the status filter passed on', async () => {
    const res = await call('GET', '/campaigns/c%201/export?status=FAILED');
    expect(res.status).toBe(200);
    expect(res.type).toBe('text/csv; charset=utf-8');
    expect(res.text).toBe('\ufeffphone\r\n/internal/campaigns/c%201/export?status=FAILED\r\n');
    expect(received()[0].caller).toMatchObject({ orgId: 1, role: 'AGENT' });
  });

  it('GET /campaigns/{id}/survey-results/export for an Admin', async () => {
    const res = await call('GET', '/campaigns/c1/survey-results/export', { key: ADMIN_KEY });
    expect(res.text).toContain('/internal/campaigns/c1/survey-results/export\r\n');
  });

  it('POST /campaigns/import: the form streams to the service, the answer comes back in REST shape', async () => {
    const form = new FormData();
    form.set('file', new Blob(['phone,body.1\r\n+5215512345678,Ana\r\n'], { type: 'text/csv' }), 'list.csv');
    form.set('name', 'Spring sale');
    form.set('templateId', 't1');
    const res = await call('POST', '/campaigns/import', { raw: form });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ id: 'c1', pauseReason: null, duplicatesRemoved: 1 });
    expect(received()[0]).toMatchObject({
      method: 'HTTP POST /internal/campaigns/import',
      request: { contentType: expect.stringMatching(/^multipart\/form-data; boundary=/) },
    });
  });

  it('POST /campaigns/import refuses JSON with 415', async () => {
    const res = await call('POST', '/campaigns/import', {
      body: { ...campaign, recipients: [{ phone: '+5215512345678' }] },
    });
    expect(res).toMatchObject({ status: 415, body: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    expect(methods()).toEqual([]);
  });
});
