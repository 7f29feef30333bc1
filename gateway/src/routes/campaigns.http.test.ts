import { CAMPAIGN_BODY_LIMIT_BYTES, MAX_CAMPAIGN_RECIPIENTS } from '@inbox/contracts';
import { DomainError, invalid } from '@inbox/platform';
import { ADMIN_KEY, campaignsGatewayForTestFile } from '../testing/campaigns-stand-in';
import { NO_VALID_RECIPIENTS } from './campaigns.routes';

// POST /campaigns through the gateway's pipeline (real gRPC to a stand-in campaigns service).

const { answers, call, upload, received, methods } = campaignsGatewayForTestFile();

const campaign = { name: 'Spring sale', templateId: 't1' };
const recipients = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    phone: `+52155${String(10_000_000 + i)}`,
    parameters: { body: [`Customer ${i}`, `ORD-${i}`] },
  }));

const tooLarge = JSON.stringify({
  ...campaign,
  recipients: [{ phone: 'x'.repeat(CAMPAIGN_BODY_LIMIT_BYTES) }],
});

describe('POST /campaigns', () => {
  it('answers the campaign with its invalid recipients, nulls for what is unset', async () => {
    const res = await call('POST', '/campaigns', { body: { ...campaign, recipients: recipients(2) } });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      id: 'c1',
      status: 'QUEUED',
      pauseReason: null,
      pauseCode: null,
      scheduledAt: null,
      startedAt: null,
      completedAt: null,
      counts: { total: 2, pending: 2 },
      cost: { currency: 'USD', estimated: 0.0872, actual: 0 },
      questions: [],
      invalidRecipients: [{ index: 1, phone: '123', reason: 'INVALID_PHONE', message: 'Not a phone number' }],
      duplicatesRemoved: 1,
    });
    expect(res.body).not.toHaveProperty('phoneNumberId');
    const [first] = received();
    expect(first.caller).toMatchObject({ orgId: 1, kind: 'API_KEY', role: 'AGENT' });
    expect(first.request.recipients).toMatchObject([
      { phone: '+5215510000000', parametersJson: '{"body":["Customer 0","ORD-0"]}' },
      { phone: '+5215510000001', parametersJson: '{"body":["Customer 1","ORD-1"]}' },
    ]);
  });

  it(`takes ${MAX_CAMPAIGN_RECIPIENTS.toLocaleString('en')} recipients in one body, under the limit`, async () => {
    const body = JSON.stringify({ ...campaign, recipients: recipients(MAX_CAMPAIGN_RECIPIENTS) });
    expect(body.length).toBeGreaterThan(1024 * 1024);
    expect(body.length).toBeLessThan(CAMPAIGN_BODY_LIMIT_BYTES);
    const started = Date.now();
    const res = await call('POST', '/campaigns', { raw: body });
    expect(res.status).toBe(201);
    const sent = received()[0].request.recipients as Array<{ phone: string }>;
    expect(sent).toHaveLength(MAX_CAMPAIGN_RECIPIENTS);
    expect(sent[MAX_CAMPAIGN_RECIPIENTS - 1].phone).toBe(`+52155${10_000_000 + MAX_CAMPAIGN_RECIPIENTS - 1}`);
    // ~2 s of gateway CPU on an idle machine; the bound only catches a pathological slowdown.
    expect(Date.now() - started).toBeLessThan(45_000);
  }, 60_000);

  it('refuses a body over the limit with 413, without asking the service', async () => {
    const res = await upload('/campaigns', tooLarge);
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', detail: expect.stringContaining('32 MB') });
    expect(methods()).toEqual([]);
  });

  it('reads no body before the caller is known: 401 for an anonymous large body', async () => {
    const res = await upload('/campaigns', tooLarge, '');
    expect(res).toMatchObject({ status: 401, body: { code: 'UNAUTHENTICATED' } });
  });

  it('keeps the 1 MB limit on other routes', async () => {
    const res = await call('POST', '/campaigns/c1/pause', { body: { reason: 'x'.repeat(2 * 1024 * 1024) } });
    expect(res.status).toBe(200); // no body declared: ignored, unread
    const team = await call('POST', '/teams', {
      key: ADMIN_KEY,
      body: { name: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(team.status).toBe(413);
  });

  it('answers bad input with 400 and the fields’ paths, without asking the service', async () => {
    const res = await call('POST', '/campaigns', {
      body: { ...campaign, kind: 'SURVEY', recipients: [{ phone: '+5215512345678' }, { parameters: {} }] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(res.body!.errors.map((e) => e.path)).toEqual(['recipients[1].phone']);
    expect(methods()).toEqual([]);
  });

  it('answers 422 when the service finds no valid recipient, with its field errors', async () => {
    answers.CreateCampaign = async () => {
      throw invalid(NO_VALID_RECIPIENTS, 'No recipient is valid', [
        { path: 'recipients[0].phone', message: 'Not a phone number' },
      ]);
    };
    const res = await call('POST', '/campaigns', { body: { ...campaign, recipients: [{ phone: '12' }] } });
    expect(res.status).toBe(422);
    expect(res.body).toMatchObject({
      code: NO_VALID_RECIPIENTS,
      errors: [{ path: 'recipients[0].phone', message: 'Not a phone number' }],
    });
  });

  it('passes the service’s other refusals through (409 for a template that is not approved)', async () => {
    answers.CreateCampaign = async () => {
      throw new DomainError('conflict', 'TEMPLATE_NOT_APPROVED', 'The template is PENDING');
    };
    const res = await call('POST', '/campaigns', { body: { ...campaign, recipients: recipients(1) } });
    expect(res).toMatchObject({ status: 409, body: { code: 'TEMPLATE_NOT_APPROVED' } });
  });
});
