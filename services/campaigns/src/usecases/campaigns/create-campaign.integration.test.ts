import { CAMPAIGNS_EVENTS } from '@inbox/contracts';
import { campaignInput, mexicanRecipients, refusalOf } from '../../testing/campaign-builders';
import { SURVEY_COMPONENTS } from '../../testing/template-seeds';
import { createCampaignsTestbed, openForTestFile } from '../../testing/testbed';
import { createCampaign } from './create-campaign';
import { getCampaign } from './get-campaign';

const testbed = openForTestFile(() => createCampaignsTestbed({ settings: { sliceSize: 2 } }));

const eventsOf = async (campaignId: string, type: string) =>
  (await testbed.recordedEvents()).filter((e) => e.type === type && e.data.campaignId === campaignId);

describe('creating a campaign', () => {
  it('stores the valid recipients normalized and deduplicated, lists the others, and queues send jobs per slice', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const answer = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, {
        recipients: [
          { phone: '+52 1 55 1234 5678', parameters: { body: ['Ana', 'A-1'] } },
          { phone: 'call me' },
          { phone: '+52 55 1234 5678', parameters: { body: ['Ana', 'A-1'] } },
          { phone: '+1 415 555 2671', parameters: { body: ['Bob'] } },
          { phone: '+1 415 555 2672', parameters: { body: ['Eve', 'E-3'] } },
          { phone: '+52 55 8765 4321', parameters: { body: ['Luis', 'L-4'] } },
        ],
      }),
    );

    expect(answer.campaign).toMatchObject({
      name: 'Pedidos listos',
      templateId: template.id,
      templateName: template.name,
      templateCategory: 'UTILITY',
      kind: 'STANDARD',
      status: 'QUEUED',
      phoneNumberId: org.phoneNumberId,
      counts: { total: 3, pending: 3, sent: 0 },
      // UTILITY: Mexico 0.01 ×2, North America 0.004.
      cost: { currency: 'USD', estimated: 0.024, actual: 0 },
    });
    expect(answer.duplicatesRemoved).toBe(1);
    expect(answer.invalidRecipients.map((r) => [r.index, r.phone, r.reason])).toEqual([
      [1, 'call me', 'INVALID_PHONE'],
      [2, '+52 55 1234 5678', 'DUPLICATE'],
      [3, '+1 415 555 2671', 'INVALID_PARAMETERS'],
    ]);
    expect(answer.invalidRecipients[2].message).toMatch(/Expected 2 values/);

    const id = answer.campaign.id;
    const detail = await getCampaign(testbed.deps, org.agent, id);
    expect(detail.recipients.map((r) => [r.seq, r.phone, r.status, r.market])).toEqual([
      [0, '+525512345678', 'PENDING', 'MX'],
      [1, '+14155552672', 'PENDING', 'NORTH_AMERICA'],
      [2, '+525587654321', 'PENDING', 'MX'],
    ]);
    expect(detail.recipients[2]).toMatchObject({
      renderedText: 'Hola Luis, tu pedido L-4 está listo.\n\nTienda Ejemplo',
      parameters: { body: ['Luis', 'L-4'] },
      components: [
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Luis' },
            { type: 'text', text: 'L-4' },
          ],
        },
      ],
    });

    expect(await eventsOf(id, CAMPAIGNS_EVENTS.campaignCreated)).toEqual([
      expect.objectContaining({
        orgId: org.orgId,
        data: expect.objectContaining({ status: 'QUEUED', recipients: 3 }),
      }),
    ]);
    expect((await eventsOf(id, CAMPAIGNS_EVENTS.sendRequested)).map((e) => e.data)).toEqual([
      { campaignId: id, fromSeq: 0, toSeq: 2 },
      { campaignId: id, fromSeq: 2, toSeq: 3 },
    ]);
  });

  it('keeps the first occurrence of a number whose parameters fit the template', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const answer = await createCampaign(
      testbed.deps,
      org.admin,
      campaignInput(template.id, {
        recipients: [
          { phone: '+52 55 1234 8004', parameters: { body: ['Rosa'] } },
          { phone: '+52 (55) 1234-8004', parameters: { body: ['Rosa', 'R-4'] } },
          { phone: '+525512348004', parameters: { body: ['Rosa', 'R-5'] } },
        ],
      }),
    );
    expect(answer.invalidRecipients.map((r) => [r.index, r.reason])).toEqual([
      [0, 'INVALID_PARAMETERS'],
      [2, 'DUPLICATE'],
    ]);
    expect(answer.duplicatesRemoved).toBe(1);
    const { recipients } = await getCampaign(testbed.deps, org.admin, answer.campaign.id);
    expect(recipients.map((r) => r.parameters)).toEqual([{ body: ['Rosa', 'R-4'] }]);
  });

  it('keeps a campaign with a future time SCHEDULED, without send jobs yet', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const scheduledAt = new Date(Date.now() + 3_600_000).toISOString();
    const answer = await createCampaign(testbed.deps, org.admin, campaignInput(template.id, { scheduledAt }));
    expect(answer.campaign).toMatchObject({ status: 'SCHEDULED', scheduledAt });
    expect(await eventsOf(answer.campaign.id, CAMPAIGNS_EVENTS.sendRequested)).toEqual([]);
  });

  it('answers 422 NO_VALID_RECIPIENTS and stores nothing when no recipient can be sent to', async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const refusal = await refusalOf(
      testbed.grpc.call.CreateCampaign(
        {
          name: 'Nadie',
          templateId: template.id,
          recipients: [
            { phone: 'x' },
            { phone: '+52 55 1234 5678', parametersJson: '{"body":["solo uno"]}' },
          ],
          questions: [],
        },
        testbed.callAs(org.admin),
      ),
    );
    expect(refusal).toEqual({
      status: 400,
      code: 'NO_VALID_RECIPIENTS',
      fields: ['recipients[0]', 'recipients[1]'],
    });
    const list = await testbed.grpc.call.ListCampaigns({ page: 0, limit: 0 }, testbed.callAs(org.admin));
    expect(list.data ?? []).toEqual([]);
  });

  it('refuses a malformed campaign with every problem listed, before asking anyone', async () => {
    const org = testbed.orgWithoutChannel();
    const refusal = await refusalOf(
      createCampaign(testbed.deps, org.admin, {
        name: ' ',
        templateId: '',
        kind: 'BROADCAST',
        scheduledAt: 'tomorrow',
        recipients: [],
      }),
    );
    expect(refusal).toEqual({
      status: 400,
      code: 'VALIDATION_FAILED',
      fields: ['name', 'templateId', 'kind', 'scheduledAt', 'recipients'],
    });
    expect(
      (await refusalOf(createCampaign(testbed.deps, org.admin, campaignInput('t', { kind: 'SURVEY' }))))
        .fields,
    ).toEqual(['questions']);
  });

  it("answers 404 for another organization's template, 409 CHANNEL_NOT_CONFIGURED without a channel", async () => {
    const owner = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(owner);
    const other = await testbed.orgWithChannel();
    expect(
      await refusalOf(createCampaign(testbed.deps, other.admin, campaignInput(template.id))),
    ).toMatchObject({
      status: 404,
    });
    const noChannel = testbed.orgWithoutChannel();
    expect(
      await refusalOf(createCampaign(testbed.deps, noChannel.admin, campaignInput(template.id))),
    ).toMatchObject({ status: 409, code: 'CHANNEL_NOT_CONFIGURED' });
  });

  it('refuses a template that is not APPROVED with 409', async () => {
    const org = await testbed.orgWithChannel();
    const paused = await testbed.seedTemplate(org, { status: 'PAUSED' });
    expect(await refusalOf(createCampaign(testbed.deps, org.admin, campaignInput(paused.id)))).toMatchObject({
      status: 409,
      code: 'TEMPLATE_NOT_APPROVED',
    });
  });

  it("answers a SURVEY's first question with the template's quick-reply buttons", async () => {
    const org = await testbed.orgWithChannel();
    const survey = await testbed.seedTemplate(org, {
      name: 'encuesta_compra',
      components: SURVEY_COMPONENTS,
    });
    const recipients = mexicanRecipients(2).map(({ phone }) => ({ phone }));
    const questions = [
      { text: '¿Qué tal tu última compra?' },
      { text: '¿Nos recomendarías?', options: ['Sí', 'No'] },
    ];
    const answer = await createCampaign(testbed.deps, org.admin, {
      ...campaignInput(survey.id, { recipients }),
      kind: 'SURVEY',
      questions,
    });
    expect(answer.campaign).toMatchObject({
      kind: 'SURVEY',
      questions: [
        { text: '¿Qué tal tu última compra?', options: ['Buena', 'Regular', 'Mala'] },
        { text: '¿Nos recomendarías?', options: ['Sí', 'No'] },
      ],
    });

    const mismatch = await refusalOf(
      createCampaign(testbed.deps, org.admin, {
        ...campaignInput(survey.id, { recipients }),
        kind: 'SURVEY',
        questions: [{ text: '¿Qué tal?', options: ['Sí', 'No'] }],
      }),
    );
    expect(mismatch).toMatchObject({ status: 400, code: 'SURVEY_OPTIONS_MISMATCH' });

    const plain = await testbed.seedTemplate(org);
    const noButtons = await refusalOf(
      createCampaign(testbed.deps, org.admin, { ...campaignInput(plain.id), kind: 'SURVEY', questions }),
    );
    expect(noButtons).toMatchObject({ status: 400, code: 'SURVEY_TEMPLATE_WITHOUT_BUTTONS' });
  });

  it("keeps organizations apart: another organization's campaign id is a 404", async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    const created = await testbed.grpc.call.CreateCampaign(
      {
        name: 'Solo mía',
        templateId: template.id,
        recipients: mexicanRecipients(1).map((r) => ({
          phone: r.phone,
          parametersJson: JSON.stringify(r.parameters),
        })),
        questions: [],
      },
      testbed.callAs(org.agent),
    );
    const other = testbed.orgWithoutChannel();
    expect(
      await refusalOf(
        testbed.grpc.call.GetCampaign(
          { id: created.campaign!.id, page: 0, limit: 0 },
          testbed.callAs(other.admin),
        ),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      await refusalOf(
        testbed.grpc.call.PauseCampaign({ id: created.campaign!.id }, testbed.callAs(other.admin)),
      ),
    ).toMatchObject({ status: 404 });
  });
});
