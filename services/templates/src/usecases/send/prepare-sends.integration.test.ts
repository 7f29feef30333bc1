import { PREPARE_SENDS_MAX } from '@inbox/contracts';
import { newId, serviceCaller } from '@inbox/platform';
import type { StoredComponent } from '../../db/schema';
import { storeTemplate } from '../../testing/template-builders';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { prepareSends } from './prepare-sends';

const testbed = openForTestFile(createTemplatesTestbed);
const db = () => testbed.deps.db;

const WITH_IMAGE: StoredComponent[] = [
  { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW1hZ2U='] } },
  { type: 'BODY', text: 'Hola {{1}}, mira lo nuevo.', example: { body_text: [['Ana']] } },
];
const IN_ENGLISH: StoredComponent[] = [
  { type: 'BODY', text: 'Hi {{1}}, your order {{2}} is ready.', example: { body_text: [['Ann', 'A-1']] } },
];

const body = (...values: string[]) => ({ bodyJson: JSON.stringify(values) });
/** The campaigns service, acting for one organization. */
const campaigns = (orgId: number) => serviceCaller('campaigns', orgId, newId());

describe("preparing a campaign's sends", () => {
  it('renders each recipient in order, and refuses only the recipients whose parameters do not fit', async () => {
    const { orgId } = testbed.orgWithoutChannel();
    const templateId = await storeTemplate(db(), orgId);

    const { template, sends } = await prepareSends(testbed.deps, campaigns(orgId), {
      templateId,
      parameters: [body('Ana', 'A-17'), body('Luis'), { bodyJson: '["Eva",' }, body('Eva', 'B-2')],
    });

    expect(template.row).toMatchObject({ id: templateId, name: 'order_ready', status: 'APPROVED' });
    expect(sends[0]).toEqual({
      renderedText: 'Hola Ana, tu pedido A-17 está listo.\n\nTienda Ejemplo',
      componentsJson: JSON.stringify([
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: 'A-17' },
          ],
        },
      ]),
    });
    expect(sends[1]).toEqual({ error: 'parameters.body: Expected 2 values, got 1' });
    expect(sends[2]).toEqual({ error: 'parameters.body: Not valid JSON' });
    expect(sends[3]).toMatchObject({ renderedText: 'Hola Eva, tu pedido B-2 está listo.\n\nTienda Ejemplo' });
  });

  it("sends a media header with the template's own file unless the recipient's parameters give one", async () => {
    const { orgId } = testbed.orgWithoutChannel();
    const withFile = await storeTemplate(db(), orgId, { components: WITH_IMAGE, headerMediaId: newId() });
    const withoutFile = await storeTemplate(db(), orgId, { name: 'promo', components: WITH_IMAGE });
    const ownLink = { headerJson: JSON.stringify({ link: 'https://cdn.example.com/p.jpg' }), ...body('Ana') };

    const own = await prepareSends(testbed.deps, campaigns(orgId), {
      templateId: withFile,
      parameters: [body('Ana'), ownLink],
    });
    const none = await prepareSends(testbed.deps, campaigns(orgId), {
      templateId: withoutFile,
      parameters: [body('Ana'), ownLink],
    });

    const headerOf = (send: { componentsJson?: string }) => JSON.parse(send.componentsJson!)[0];
    expect(headerOf(own.sends[0] as { componentsJson: string })).toEqual({
      type: 'header',
      parameters: [
        { type: 'image', image: { link: `http://inbox.test/api/v1/templates/${withFile}/header-media` } },
      ],
    });
    expect(headerOf(own.sends[1] as { componentsJson: string }).parameters[0].image).toEqual({
      link: 'https://cdn.example.com/p.jpg',
    });
    expect(none.sends[0]).toEqual({ error: 'parameters.header: Give the image as { "link" } or { "id" }' });
    expect(none.sends[1]).toMatchObject({ renderedText: 'Hola Ana, mira lo nuevo.' });
  });

  it('uses the same name in another language when asked, APPROVED only', async () => {
    const { orgId } = testbed.orgWithoutChannel();
    const spanish = await storeTemplate(db(), orgId);
    const english = await storeTemplate(db(), orgId, { language: 'en_US', components: IN_ENGLISH });
    await storeTemplate(db(), orgId, { language: 'pt_BR', status: 'PENDING' });
    const ask = (language: string) =>
      prepareSends(testbed.deps, campaigns(orgId), {
        templateId: spanish,
        language,
        parameters: [body('Ann', 'C-3')],
      });

    const inEnglish = await ask('en_US');

    expect(inEnglish.template.row.id).toBe(english);
    expect(inEnglish.sends).toEqual([
      expect.objectContaining({ renderedText: 'Hi Ann, your order C-3 is ready.' }),
    ]);
    await expect(ask('es_MX')).resolves.toMatchObject({ template: { row: { id: spanish } } });
    await expect(ask('pt_BR')).rejects.toMatchObject({ kind: 'conflict', code: 'TEMPLATE_NOT_APPROVED' });
    await expect(ask('fr_FR')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it('refuses users, other organizations, unknown ids, templates not approved and oversized batches', async () => {
    const { orgId, agent, admin } = testbed.orgWithoutChannel();
    const other = testbed.orgWithoutChannel();
    const templateId = await storeTemplate(db(), orgId);
    const paused = await storeTemplate(db(), orgId, { name: 'paused_one', status: 'PAUSED' });
    const input = { templateId, parameters: [body('Ana', 'A-1')] };

    await expect(prepareSends(testbed.deps, agent, input)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(prepareSends(testbed.deps, admin, input)).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(prepareSends(testbed.deps, campaigns(other.orgId), input)).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(
      prepareSends(testbed.deps, campaigns(orgId), { ...input, templateId: newId() }),
    ).rejects.toMatchObject({ kind: 'not_found' });
    await expect(
      prepareSends(testbed.deps, campaigns(orgId), { ...input, templateId: paused }),
    ).rejects.toMatchObject({ kind: 'conflict', code: 'TEMPLATE_NOT_APPROVED' });
    const tooMany = Array.from({ length: PREPARE_SENDS_MAX + 1 }, () => body('Ana', 'A-1'));
    await expect(
      prepareSends(testbed.deps, campaigns(orgId), { templateId, parameters: tooMany }),
    ).rejects.toMatchObject({ kind: 'invalid', code: 'VALIDATION_FAILED' });
  });
});
