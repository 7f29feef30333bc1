import { createCampaign, digits, waitForCampaignStatus, waitForRecipients } from '../support/campaigns';
import { MODE } from '../support/system';
import { systemForTestFile } from '../support/suite';
import { approvedTemplate } from '../support/templates';
import { makeOrganization } from '../support/world';

/** Which number a campaign talks to: WhatsApp's spellings of a wa_id, and an organization with no number. */
jest.setTimeout(120_000);

const t = systemForTestFile();

describe(`campaign numbers (${MODE})`, () => {
  it('keeps the wa_id WhatsApp answered for a number it knows by another spelling', async () => {
    const template = await approvedTemplate(t.api, t.admin, 'camp_defect_waid');
    const phone = '+525512359001';
    const waId = '5215512359001';
    await fetch(`${t.sim.url}/_sim/customers/${digits(phone)}/wa-id`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ waId }),
    });
    const campaign = await createCampaign(t.api, t.admin, {
      name: 'wa_id',
      templateId: template.id,
      recipients: [{ phone, parameters: { body: ['Ana'] } }],
    });
    await waitForCampaignStatus(t.api, t.admin, campaign.id, 'COMPLETED');
    const [recipient] = await waitForRecipients(t.api, t.admin, campaign.id, { [phone]: 'READ' });
    // WhatsApp's status webhooks name the user by the same wa_id as the send's answer (contacts[0].wa_id).
    const ids = new Set(
      [...JSON.stringify(await t.sim.webhooks()).matchAll(/recipient_id\\?":\\?"(\d+)/g)].map((m) => m[1]),
    );
    expect([...ids]).toEqual([waId]);
    expect(recipient.waId).toBe(waId);
  });

  it('attributes a reply from another spelling of the same number (Mexico 52 / 521)', async () => {
    const template = await approvedTemplate(t.api, t.admin, 'camp_defect_reply');
    const phone = '+525512359003';
    const campaign = await createCampaign(t.api, t.admin, {
      name: 'Respuesta',
      templateId: template.id,
      recipients: [{ phone, parameters: { body: ['Ana'] } }],
    });
    await waitForCampaignStatus(t.api, t.admin, campaign.id, 'COMPLETED');
    const [recipient] = await waitForRecipients(t.api, t.admin, campaign.id, { [phone]: 'READ' });
    // The same person under the other spelling (waIdVariants in @inbox/whatsapp: "match inbound messages with it").
    const other = recipient.waId === '525512359003' ? '5215512359003' : '525512359003';
    await t.sim.inbound({ from: other, type: 'text', text: 'Gracias' });
    await waitForRecipients(t.api, t.admin, campaign.id, { [phone]: 'REPLIED' }, 10_000);
  });

  it('answers the documented 409 when the organization has no WhatsApp number', async () => {
    const other = (await makeOrganization(t, 41)).token;
    const template = (
      await t.api.post(
        '/templates/draft',
        {
          name: 'x_defect',
          category: 'UTILITY',
          language: 'es_MX',
          components: [{ type: 'BODY', text: 'Hola' }],
        },
        { token: other },
      )
    ).body;
    const res = await t.api.post(
      '/campaigns',
      { name: 'Sin número', templateId: template.id, recipients: [{ phone: '+525512359002' }] },
      { token: other },
    );
    expect({ status: res.status, code: res.body.code }).toEqual({ status: 409, code: expect.any(String) });
    expect(res.body.code).not.toBe('NOT_FOUND');
    // GET /campaigns/provider-costs and /phone-status document the same 409.
    for (const path of ['/campaigns/provider-costs', '/campaigns/phone-status']) {
      const read = await t.api.get(path, { token: other });
      expect({ path, status: read.status }).toEqual({ path, status: 409 });
    }
  });
});
