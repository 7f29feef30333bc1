import { CAMPAIGN_BODY_LIMIT_BYTES, MAX_CAMPAIGN_RECIPIENTS } from '@inbox/contracts';
import { buildOpenApi } from '../openapi/openapi';
import { formatPath } from '../http/validation';
import { ROUTES } from '.';
import { createCampaignBody, listCampaignsQuery } from './campaign-schemas';

interface Op {
  summary: string;
  description?: string;
  parameters: Array<{ name: string; in: string; schema: { default?: unknown; enum?: string[] } }>;
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, unknown> }>;
}
const doc = buildOpenApi(ROUTES, 'test') as unknown as { paths: Record<string, Record<string, Op>> };
const op = (method: string, path: string) => doc.paths[`/api/v1${path}`]?.[method];

/** The spec's Campaigns section. */
const SPEC = [
  ['post', '/campaigns'],
  ['get', '/campaigns'],
  ['get', '/campaigns/stats/global'],
  ['get', '/campaigns/provider-costs'],
  ['get', '/campaigns/{id}/provider-cost'],
  ['get', '/campaigns/{id}'],
  ['get', '/campaigns/phone-status'],
  ['get', '/campaigns/{id}/export'],
  ['get', '/campaigns/{id}/stats'],
  ['post', '/campaigns/estimate'],
  ['get', '/campaigns/pricing'],
  ['get', '/campaigns/{id}/survey-results'],
  ['get', '/campaigns/{id}/survey-results/export'],
] as const;
/** Beyond the spec: the CSV import and the lifecycle steps. */
const BEYOND = [
  ['post', '/campaigns/import'],
  ['post', '/campaigns/{id}/pause'],
  ['post', '/campaigns/{id}/resume'],
  ['post', '/campaigns/{id}/cancel'],
] as const;

describe('the Campaigns section of the OpenAPI document', () => {
  it('has the 13 operations of the spec, the CSV import, pause, resume and cancel', () => {
    expect(SPEC).toHaveLength(13);
    for (const [method, path] of [...SPEC, ...BEYOND])
      expect({ method, path, documented: op(method, path) !== undefined }).toEqual({
        method,
        path,
        documented: true,
      });
  });

  it.each([
    ['get', '/campaigns/phone-status'],
    ['get', '/campaigns/{id}/survey-results'],
    ['get', '/campaigns/{id}/survey-results/export'],
  ])('%s %s requires the Admin role', (method, path) => {
    expect(op(method, path)!.description).toBe('Requires the Admin role.');
    expect(op(method, path)!.responses['403']).toBeDefined();
  });

  it.each([['/campaigns/phone-status'], ['/campaigns/provider-costs']])(
    'documents how GET %s answers when WhatsApp fails: 409, 429 and 503 with their codes',
    (path) => {
      const read = op('get', path)!;
      expect(Object.keys(read.responses)).toEqual(expect.arrayContaining(['200', '409', '429', '503']));
      for (const code of ['WHATSAPP_ACCESS_REFUSED', 'WHATSAPP_RATE_LIMITED', 'WHATSAPP_UNAVAILABLE'])
        expect(read.summary).toContain(code);
    },
  );

  it('documents POST /campaigns: 201, 413 with the body limit, 415, 422, and the recipients’ bounds', () => {
    const create = op('post', '/campaigns')!;
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '400', '401', '404', '409', '413', '415', '422', '429', '503']),
    );
    expect(create.summary).toContain(`${CAMPAIGN_BODY_LIMIT_BYTES / 1024 / 1024} MB`);
    const body = create.requestBody!.content['application/json'].schema as {
      required: string[];
      properties: { recipients: { minItems: number; maxItems: number } };
    };
    expect(body.required).toEqual(expect.arrayContaining(['name', 'templateId', 'recipients']));
    expect(body.properties.recipients).toMatchObject({ minItems: 1, maxItems: MAX_CAMPAIGN_RECIPIENTS });
  });

  it('documents the CSV import as multipart with its form fields', () => {
    const upload = op('post', '/campaigns/import')!;
    expect(upload.requestBody!.required).toBe(true);
    expect(upload.requestBody!.content['multipart/form-data'].schema).toMatchObject({
      required: ['file', 'name', 'templateId'],
      properties: {
        file: { type: 'string', format: 'binary' },
        kind: { enum: ['STANDARD', 'SURVEY'] },
        scheduledAt: { type: 'string', format: 'date-time' },
      },
    });
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '413', '415', '422']));
  });

  it.each([['/campaigns/{id}/export'], ['/campaigns/{id}/survey-results/export']])(
    'serves %s as text/csv',
    (path) => expect(Object.keys(op('get', path)!.responses['200'].content!)).toEqual(['text/csv']),
  );

  it('documents the spec’s page defaults and the recipients’ status filter', () => {
    const names = op('get', '/campaigns/{id}')!.parameters.map((p) => `${p.in}:${p.name}`);
    expect(names).toEqual(['path:id', 'query:page', 'query:limit', 'query:status']);
    const param = (path: string, name: string) => op('get', path)!.parameters.find((p) => p.name === name)!;
    expect(param('/campaigns/{id}', 'status').schema.enum).toEqual([
      'all',
      'PENDING',
      'SENT',
      'DELIVERED',
      'READ',
      'FAILED',
      'REPLIED',
    ]);
    expect(param('/campaigns/{id}', 'page').schema.default).toBe(1);
    expect(param('/campaigns/{id}', 'limit').schema.default).toBe(25);
    expect(param('/campaigns/{id}/survey-results', 'page').schema.default).toBe(1);
    expect(param('/campaigns/{id}/survey-results', 'pageSize').schema.default).toBe(50);
  });

  it('puts the literal paths before GET /campaigns/:id, which would take them as ids', () => {
    const at = (path: string) => ROUTES.findIndex((r) => r.method === 'get' && r.path === path);
    for (const literal of ['/campaigns/pricing', '/campaigns/provider-costs', '/campaigns/phone-status'])
      expect({ literal, before: at(literal) < at('/campaigns/:id') }).toEqual({ literal, before: true });
  });

  it.each([['/campaigns/{id}/export'], ['/campaigns/{id}/survey-results/export']])(
    'documents no 304 for %s: each download is made afresh (no-store, no ETag)',
    (path) => expect(op('get', path)!.responses['304']).toBeUndefined(),
  );
});

describe('the body of POST /campaigns', () => {
  const valid = {
    name: 'Spring sale',
    templateId: 't1',
    recipients: [{ phone: '+52 55 1234 5678', parameters: { body: ['Ana'] } }, { phone: '5511112222' }],
  };
  const paths = (body: unknown) => {
    const result = createCampaignBody.safeParse(body);
    expect(result.success).toBe(false);
    return result.error!.issues.map((i) => formatPath(i.path));
  };

  it.each([
    ['no recipients', { ...valid, recipients: [] }, 'recipients'],
    ['a recipient without a phone', { ...valid, recipients: [{ parameters: {} }] }, 'recipients[0].phone'],
    [
      'a parameter that is not a template parameter',
      { ...valid, recipients: [{ phone: '+5215512345678', parameters: { footer: 'x' } }] },
      'recipients[0].parameters',
    ],
    [
      'body values that are not text',
      { ...valid, recipients: [valid.recipients[0], { phone: '1', parameters: { body: [5] } }] },
      'recipients[1].parameters.body',
    ],
    ['an empty name', { ...valid, name: ' ' }, 'name'],
    ['a kind of its own', { ...valid, kind: 'PROMO' }, 'kind'],
    ['a time without its offset', { ...valid, scheduledAt: '2030-01-01T10:00:00' }, 'scheduledAt'],
    ['a SURVEY without questions', { ...valid, kind: 'SURVEY' }, 'questions'],
    ['questions on a STANDARD campaign', { ...valid, questions: [{ text: 'Why?' }] }, 'questions'],
    [
      'a question offering the same option twice',
      { ...valid, kind: 'SURVEY', questions: [{ text: 'Again?', options: ['Yes', 'Yes'] }] },
      'questions[0].options',
    ],
    ['an unknown field', { ...valid, sender: 'me' }, ''],
  ])('refuses %s, naming the field', (_what, body, path) => expect(paths(body)).toContain(path));

  it(`refuses more than ${MAX_CAMPAIGN_RECIPIENTS.toLocaleString('en')} recipients`, () => {
    const recipients = Array.from({ length: MAX_CAMPAIGN_RECIPIENTS + 1 }, (_, i) => ({
      phone: `+52155${i}`,
    }));
    expect(paths({ ...valid, recipients })).toEqual(['recipients']);
  });

  it('keeps phones as given (the service reports the invalid ones) and sends the time as UTC', () => {
    const parsed = createCampaignBody.parse({
      ...valid,
      recipients: [{ phone: 'not a phone' }],
      scheduledAt: '2030-01-01T10:00:00-06:00',
    });
    expect(parsed.recipients).toEqual([{ phone: 'not a phone' }]);
    expect(parsed.scheduledAt).toBe('2030-01-01T16:00:00.000Z');
  });

  it('takes a SURVEY with its questions', () => {
    const questions = [{ text: 'Did it arrive?' }, { text: 'How was it?', options: ['Good', 'Bad'] }];
    expect(createCampaignBody.parse({ ...valid, kind: 'SURVEY', questions }).questions).toEqual(questions);
  });
});

describe('the query of GET /campaigns', () => {
  it('takes a cursor or a page, not both', () => {
    expect(listCampaignsQuery.safeParse({ cursor: 'abc', page: '2' }).error!.issues[0].path).toEqual([
      'page',
    ]);
    expect(listCampaignsQuery.parse({ page: '2', limit: '10', status: 'PAUSED' })).toEqual({
      page: 2,
      limit: 10,
      status: 'PAUSED',
    });
  });
});
