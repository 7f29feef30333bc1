import { isTemplateSendError, type CloudApiClient } from '@inbox/whatsapp';
import { WABA_ID, failure, startWiredSimulator, type Wired } from './test-support';

/** Template sends checked against the simulator's templates: WhatsApp's 132000–132016 errors. */

const CUSTOMER = '5215512345678';

const body = (...values: string[]) => ({
  type: 'body',
  parameters: values.map((text) => ({ type: 'text', text })),
});

describe('template sends against known templates', () => {
  let t: Wired;
  let client: CloudApiClient;
  let ids: Record<string, string>;

  beforeEach(async () => {
    t = await startWiredSimulator();
    client = t.client();
    const seeded = await t.control('POST', '/templates/seed', {
      templates: [
        {
          name: 'order_update',
          language: 'es_MX',
          category: 'UTILITY',
          components: [
            { type: 'BODY', text: 'Pedido {{1}}: llega el {{2}}.' },
            {
              type: 'BUTTONS',
              buttons: [{ type: 'URL', text: 'Ver', url: 'https://ex.com/o/{{1}}', example: ['A1'] }],
            },
          ],
        },
        {
          name: 'promo_image',
          language: 'es_MX',
          category: 'MARKETING',
          components: [
            { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::x'] } },
            { type: 'BODY', text: 'Oferta de hoy.' },
          ],
        },
        {
          name: 'greeting',
          language: 'es_MX',
          category: 'MARKETING',
          parameter_format: 'NAMED',
          components: [{ type: 'BODY', text: 'Hola {{first_name}}!' }],
        },
      ],
    });
    expect(seeded.status).toBe(201);
    ids = Object.fromEntries(seeded.json.data.map((x: any) => [x.name, x.id]));
  });
  afterEach(() => t.close());

  const button = { type: 'button', sub_type: 'url', index: 0, parameters: [{ type: 'text', text: 'A1' }] };

  it('accepts a send that fits the template, priced with its category', async () => {
    const sent = await client.sendTemplate(CUSTOMER, {
      name: 'order_update',
      language: 'es_MX',
      components: [body('A-1', 'lunes'), button],
    });
    expect(sent.messageStatus).toBe('accepted');
    const statuses = await t.receiver.waitFor('sent status', () => t.receiver.statuses(sent.wamid)[0]);
    expect(statuses.pricing).toMatchObject({ category: 'utility', billable: true });
  });

  it('answers 132000 when the number of parameters does not match', async () => {
    const error = await failure(
      client.sendTemplate(CUSTOMER, {
        name: 'order_update',
        language: 'es_MX',
        components: [body('A-1'), button],
      }),
    );
    expect(error).toMatchObject({ code: 132000, httpStatus: 400, retryable: false });
    expect(error.details).toMatch(/body: number of localizable_params \(1\).*\(2\)/);
    expect(isTemplateSendError(error)).toBe(true);
    const noButton = await failure(
      client.sendTemplate(CUSTOMER, {
        name: 'order_update',
        language: 'es_MX',
        components: [body('A-1', 'x')],
      }),
    );
    expect(noButton.details).toMatch(/button at index 0/);
    const wrongName = await failure(
      client.sendTemplate(CUSTOMER, {
        name: 'greeting',
        language: 'es_MX',
        components: [{ type: 'body', parameters: [{ type: 'text', parameter_name: 'name', text: 'Ana' }] }],
      }),
    );
    expect(wrongName.code).toBe(132000);
  });

  it('answers 132001 for a language the name does not have, or a template not approved', async () => {
    const error = await failure(client.sendTemplate(CUSTOMER, { name: 'order_update', language: 'en_US' }));
    expect(error).toMatchObject({ code: 132001, httpStatus: 404 });
    await t.control('POST', '/config', { templateAutoApprove: false });
    await client.createTemplate(WABA_ID, {
      name: 'fresh',
      language: 'es_MX',
      category: 'UTILITY',
      components: [{ type: 'BODY', text: 'Listo.' }],
    });
    expect((await failure(client.sendTemplate(CUSTOMER, { name: 'fresh', language: 'es_MX' }))).code).toBe(
      132001,
    );
  });

  it('answers 132015 for a paused template and 132016 for a disabled one', async () => {
    const send = () =>
      client.sendTemplate(CUSTOMER, {
        name: 'order_update',
        language: 'es_MX',
        components: [body('A', 'B'), button],
      });
    await t.control('POST', `/templates/${ids.order_update}/review`, { action: 'pause' });
    expect((await failure(send())).code).toBe(132015);
    await t.control('POST', `/templates/${ids.order_update}/review`, { action: 'disable' });
    expect((await failure(send())).code).toBe(132016);
    await t.control('POST', `/templates/${ids.order_update}/review`, { action: 'reinstate' });
    await expect(send()).resolves.toMatchObject({ messageStatus: 'accepted' });
  });

  it('answers 132012 for a media header sent without its media parameter', async () => {
    const error = await failure(client.sendTemplate(CUSTOMER, { name: 'promo_image', language: 'es_MX' }));
    expect(error).toMatchObject({ code: 132012 });
    expect(error.details).toBe('header: Format mismatch, expected IMAGE, received UNKNOWN');
    const header = {
      type: 'header',
      parameters: [
        { type: 'image', image: { link: 'https://inbox.example/api/v1/templates/1/header-media' } },
      ],
    };
    await expect(
      client.sendTemplate(CUSTOMER, { name: 'promo_image', language: 'es_MX', components: [header] }),
    ).resolves.toMatchObject({ messageStatus: 'accepted' });
  });

  it('lets through names it has never heard of, unless strictTemplates is on', async () => {
    await expect(
      client.sendTemplate(CUSTOMER, { name: 'hello_world', language: 'en_US' }),
    ).resolves.toMatchObject({
      messageStatus: 'accepted',
    });
    await t.control('POST', '/config', { strictTemplates: true });
    expect(
      (await failure(client.sendTemplate(CUSTOMER, { name: 'hello_world', language: 'en_US' }))).code,
    ).toBe(132001);
  });
});
