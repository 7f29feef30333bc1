import { MAX_CAMPAIGN_RECIPIENTS } from '@inbox/contracts';
import {
  approvedSurveyTemplate,
  createCampaign,
  download,
  importCampaign,
  inSeconds,
  mexicoPhones,
} from '../support/campaigns';
import type { Answer } from '../support/http';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate, templateBody } from '../support/templates';
import { makeOrganization } from '../support/world';

jest.setTimeout(120_000);

const t = systemForTestFile();
let other: string;
let template: Record<string, any>;
let draft: Record<string, any>;
let campaign: Record<string, any>;
let survey: Record<string, any>;
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

beforeAll(async () => {
  other = (await makeOrganization(t, 31)).token;
  template = await approvedTemplate(t.api, t.admin, 'camp_iso');
  const surveyTemplate = await approvedSurveyTemplate(t.api, t.admin, 'camp_iso_survey', '¿Te gustó?');
  draft = (await t.api.post('/templates/draft', templateBody('camp_iso_draft'), { token: t.admin })).body;
  const later = inSeconds(86_400);
  campaign = await createCampaign(t.api, t.admin, {
    name: 'Privada',
    templateId: template.id,
    scheduledAt: later,
    recipients: [{ phone: '+52 55 1236 0001', parameters: { body: ['Ana'] } }],
  });
  survey = await createCampaign(t.api, t.admin, {
    name: 'Encuesta privada',
    templateId: surveyTemplate.id,
    kind: 'SURVEY',
    scheduledAt: later,
    recipients: [{ phone: '+52 55 1236 0002' }],
    questions: [{ text: '¿Te gustó?' }],
  });
});

/** A problem document of a client mistake: 4xx (never 500), the stable code, the status repeated. */
const expectProblem = (what: string, res: Answer, status: number, code?: string) => {
  const body = typeof res.body === 'string' ? JSON.parse(res.body) : res.body;
  expect({ what, status: res.status, code: code ? body.code : undefined }).toEqual({ what, status, code });
  expect(body).toMatchObject({ status, code: expect.any(String), detail: expect.any(String) });
  expect(res.headers.get('content-type')).toContain('application/problem+json');
};
const fieldsOf = (res: Answer) => (res.body.errors as Array<{ path: string }>).map((e) => e.path);

describe(`organizations never see each other's campaigns (${MODE})`, () => {
  it('answers 404 on every campaign endpoint for another organization’s id, and changes nothing', async () => {
    for (const id of [campaign.id, survey.id]) {
      for (const [method, path] of [
        ['GET', `/campaigns/${id}`],
        ['GET', `/campaigns/${id}?status=PENDING`],
        ['GET', `/campaigns/${id}/stats`],
        ['GET', `/campaigns/${id}/provider-cost`],
        ['GET', `/campaigns/${id}/survey-results`],
        ['POST', `/campaigns/${id}/pause`],
        ['POST', `/campaigns/${id}/resume`],
        ['POST', `/campaigns/${id}/cancel`],
      ] as const) {
        expectProblem(
          `${method} ${path}`,
          await t.api.send(method, path, { token: other }),
          404,
          'NOT_FOUND',
        );
      }
      for (const path of [`/campaigns/${id}/export`, `/campaigns/${id}/survey-results/export`]) {
        const file = await download(t, path, other);
        expect({ path, status: file.status }).toEqual({ path, status: 404 });
        expect(file.text).not.toContain('+52');
      }
    }
    const mine = (await t.api.get(`/campaigns/${campaign.id}`, { token: t.admin })).body;
    expect(mine).toMatchObject({ status: 'SCHEDULED', pauseCode: null, counts: { total: 1, pending: 1 } });
  });

  it('lists, counts and prices none of the other organization’s campaigns or templates', async () => {
    expect((await t.api.get('/campaigns', { token: other })).body).toMatchObject({
      data: [],
      nextCursor: null,
    });
    expect((await t.api.get('/campaigns?page=1', { token: other })).body).toMatchObject({
      data: [],
      total: 0,
    });
    const global = (await t.api.get('/campaigns/stats/global', { token: other })).body;
    expect(global).toMatchObject({ campaigns: 0, funnel: { total: 0, sent: 0 }, cost: { estimated: 0 } });
    expect(Object.values(global.campaignsByStatus).every((n) => n === 0)).toBe(true);
    // Our template is not theirs to send or to price (the other organization has no WhatsApp number).
    const create = await t.api.post(
      '/campaigns',
      { name: 'Robada', templateId: template.id, recipients: [{ phone: '+525512360003' }] },
      { token: other },
    );
    expect([404, 409]).toContain(create.status);
    expect((await t.api.get('/campaigns', { token: other })).body.data).toEqual([]);
    const estimate = await t.api.post(
      '/campaigns/estimate',
      { templateId: template.id, recipients: [{ phone: '+525512360003' }] },
      { token: other },
    );
    expectProblem('estimate', estimate, 404, 'NOT_FOUND');
    expect((await t.api.get('/campaigns?page=1', { token: t.admin })).body.total).toBe(2);
  });
});

describe(`bad input answers a problem document, never a 500 (${MODE})`, () => {
  const create = (body: unknown) => t.api.post('/campaigns', body, { token: t.admin });
  const valid = () => ({
    name: 'Válida',
    templateId: template.id,
    scheduledAt: inSeconds(86_400),
    recipients: [{ phone: '+525512360010', parameters: { body: ['Ana'] } }],
  });

  it('POST /campaigns: missing and malformed fields, unknown or unapproved templates, no valid recipient, too many', async () => {
    const missing = await create({});
    expectProblem('empty body', missing, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(missing)).toEqual(expect.arrayContaining(['name', 'templateId', 'recipients']));
    for (const [what, body, field] of [
      ['no recipients', { ...valid(), recipients: [] }, 'recipients'],
      [
        'a phone that is a number',
        { ...valid(), recipients: [{ phone: 5215512360010 }] },
        'recipients[0].phone',
      ],
      ['an unknown kind', { ...valid(), kind: 'PROMO' }, 'kind'],
      ['a date without offset', { ...valid(), scheduledAt: 'mañana' }, 'scheduledAt'],
      ['a SURVEY without questions', { ...valid(), kind: 'SURVEY' }, 'questions'],
      ['questions on a STANDARD', { ...valid(), questions: [{ text: '¿?' }] }, 'questions'],
      ['a long name', { ...valid(), name: 'x'.repeat(201) }, 'name'],
      [
        'parameters of another shape',
        { ...valid(), recipients: [{ phone: '+525512360010', parameters: 'Ana' }] },
        'recipients[0].parameters',
      ],
    ] as const) {
      const res = await create(body);
      expectProblem(what, res, 400, 'VALIDATION_FAILED');
      expect({ what, fields: fieldsOf(res).join() }).toEqual({
        what,
        fields: expect.stringContaining(field),
      });
    }
    const json = await t.api.send('POST', '/campaigns', {
      token: t.admin,
      rawBody: '{"name":',
      headers: { 'content-type': 'application/json' },
    });
    expectProblem('broken JSON', json, 400);

    expectProblem('unknown template', await create({ ...valid(), templateId: UNKNOWN }), 404, 'NOT_FOUND');
    expectProblem(
      'template id not an id',
      await create({ ...valid(), templateId: 'x%00' }),
      404,
      'NOT_FOUND',
    );
    expectProblem(
      'a DRAFT template',
      await create({ ...valid(), templateId: draft.id }),
      409,
      'TEMPLATE_NOT_APPROVED',
    );
    const noButtons = await create({ ...valid(), kind: 'SURVEY', questions: [{ text: '¿Qué tal?' }] });
    expectProblem('a SURVEY template without buttons', noButtons, 400, 'SURVEY_TEMPLATE_WITHOUT_BUTTONS');
    const none = await create({
      ...valid(),
      recipients: [{ phone: 'abc' }, { phone: '+525512360011', parameters: { body: ['a', 'b'] } }],
    });
    expectProblem('no valid recipient', none, 422, 'NO_VALID_RECIPIENTS');
    expect(fieldsOf(none)).toEqual(['recipients[0]', 'recipients[1]']);

    const tooMany = await create({
      ...valid(),
      recipients: mexicoPhones(0, MAX_CAMPAIGN_RECIPIENTS + 1).map((phone) => ({ phone })),
    });
    expectProblem('too many recipients', tooMany, 400, 'VALIDATION_FAILED');
    expect(fieldsOf(tooMany)).toEqual(['recipients']);
    // Nothing of it was stored.
    expect((await t.api.get('/campaigns?page=1', { token: t.admin })).body.total).toBe(2);
  });

  it('POST /campaigns/import: another body type, a CSV without phones, missing fields, nothing valid', async () => {
    const fields = { name: 'CSV', templateId: template.id };
    const asJson = await t.api.post('/campaigns/import', { ...fields }, { token: t.admin });
    expectProblem('JSON body', asJson, 415);
    const noPhone = await importCampaign(t.api, t.admin, fields, 'nombre;body.1\r\nAna;Ana\r\n');
    expectProblem('no phone column', noPhone, 400, 'INVALID_CSV_HEADER');
    const noName = await importCampaign(
      t.api,
      t.admin,
      { templateId: template.id },
      'phone\r\n+525512360012\r\n',
    );
    expectProblem('no name', noName, 400, 'VALIDATION_FAILED');
    expectProblem('empty file', await importCampaign(t.api, t.admin, fields, ''), 400, 'INVALID_CSV');
    const unknown = await importCampaign(
      t.api,
      t.admin,
      { ...fields, templateId: UNKNOWN },
      'phone\r\n+525512360012\r\n',
    );
    expectProblem('unknown template', unknown, 404, 'NOT_FOUND');
    const invalid = await importCampaign(t.api, t.admin, fields, 'phone;body.1\r\nabc;Ana\r\n');
    expectProblem('no valid row', invalid, 422, 'NO_VALID_RECIPIENTS');
    const binary = await importCampaign(
      t.api,
      t.admin,
      fields,
      Buffer.from([0, 1, 2, 0xff, 0xfe, 0]),
      'text/csv',
    );
    expectProblem('binary file', binary, 400, 'INVALID_CSV_HEADER');
    expect((await t.api.get('/campaigns?page=1', { token: t.admin })).body.total).toBe(2);
  });

  it('the reads, the estimate and the lifecycle steps', async () => {
    const id = campaign.id as string;
    for (const path of [
      '/campaigns?limit=0',
      '/campaigns?limit=abc',
      '/campaigns?limit=100000',
      '/campaigns?page=0',
      '/campaigns?page=-1',
      '/campaigns?status=SLEEPING',
      '/campaigns?kind=PROMO',
      '/campaigns?cursor=abc&page=2',
      '/campaigns?unknown=1',
      `/campaigns/${id}?page=0`,
      `/campaigns/${id}?limit=500`,
      `/campaigns/${id}?status=LOST`,
      `/campaigns/${id}/export?status=LOST`,
      `/campaigns/${survey.id}/survey-results?pageSize=0`,
      `/campaigns/${survey.id}/survey-results?page=abc`,
      '/campaigns/provider-costs?force=maybe',
    ]) {
      const res = path.includes('/export')
        ? await download(t, path, t.admin)
        : await t.api.get(path, { token: t.admin });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
    for (const path of ['/campaigns?cursor=bm90IGEgY3Vyc29y', '/campaigns?cursor=%00', '/campaigns/a%00b']) {
      const res = await t.api.get(path, { token: t.admin });
      expect({ path, status: res.status }).toEqual({ path, status: 400 });
    }
    for (const path of [
      `/campaigns/${UNKNOWN}`,
      '/campaigns/not-an-id',
      `/campaigns/${UNKNOWN}/stats`,
      `/campaigns/${UNKNOWN}/provider-cost`,
      `/campaigns/${UNKNOWN}/survey-results`,
    ]) {
      expectProblem(path, await t.api.get(path, { token: t.admin }), 404, 'NOT_FOUND');
    }
    for (const step of ['pause', 'resume', 'cancel'])
      expectProblem(
        step,
        await t.api.post(`/campaigns/${UNKNOWN}/${step}`, undefined, { token: t.admin }),
        404,
      );
    expectProblem(
      'resume a SCHEDULED one',
      await t.api.post(`/campaigns/${id}/resume`, undefined, { token: t.admin }),
      409,
      'INVALID_TRANSITION',
    );

    const estimate = (body: unknown) => t.api.post('/campaigns/estimate', body, { token: t.admin });
    expectProblem('estimate {}', await estimate({}), 400, 'VALIDATION_FAILED');
    expectProblem('estimate no recipients', await estimate({ templateId: template.id, recipients: [] }), 400);
    expectProblem(
      'estimate unknown template',
      await estimate({ templateId: UNKNOWN, recipients: [{ phone: '+525512360013' }] }),
      404,
    );
    const allInvalid = await estimate({ templateId: template.id, recipients: [{ phone: 'abc' }] });
    expect(allInvalid.status).toBe(200); // an estimate lists the invalid numbers, it refuses nothing
    expect(allInvalid.body).toMatchObject({
      recipients: 0,
      total: 0,
      invalidRecipients: [{ index: 0, reason: 'INVALID_PHONE' }],
    });
  });
});
