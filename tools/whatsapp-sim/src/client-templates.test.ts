import {
  CloudApiError,
  type CloudApiClient,
  type CreateTemplateInput,
  type TemplateComponent,
} from '@inbox/whatsapp';
import { WABA_ID, startWiredSimulator, type Wired } from './test-support';

/** The product's Cloud API client against the simulator, over HTTP: template management. */

const DAY = 24 * 60 * 60 * 1000;

const template = (name: string, language = 'es_MX'): CreateTemplateInput => ({
  name,
  language,
  category: 'MARKETING',
  components: [
    { type: 'HEADER', format: 'TEXT', text: 'Hola {{1}}', example: { header_text: ['Ana'] } },
    { type: 'BODY', text: 'Tu pedido {{1}} llega el {{2}}.', example: { body_text: [['A-1', 'lunes']] } },
    { type: 'FOOTER', text: 'Responde STOP para salir' },
    { type: 'BUTTONS', buttons: [{ type: 'QUICK_REPLY', text: 'Gracias' }] },
  ],
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error('expected a CloudApiError');
    },
    (e: unknown) => {
      if (!(e instanceof CloudApiError)) throw e;
      return e;
    },
  );

describe('CloudApiClient template management against the simulator', () => {
  let t: Wired;
  let client: CloudApiClient;
  beforeEach(async () => {
    t = await startWiredSimulator();
    client = t.client();
  });
  afterEach(() => t.close());

  const statusOf = async (id: string) => (await client.getTemplate(id)).status;
  const approved = (id: string) =>
    t.receiver.waitFor('approval', async () => (await statusOf(id)) === 'APPROVED');

  it('creates a template as PENDING, then the review approves it and posts a signed webhook', async () => {
    const created = await client.createTemplate(WABA_ID, template('order_ready'));
    expect(created).toEqual({
      id: expect.stringMatching(/^\d{16}$/),
      status: 'PENDING',
      category: 'MARKETING',
    });

    const [hook] = await t.receiver.waitFor('status webhook', () => {
      const changes = t.accountChanges('message_template_status_update');
      return changes.length > 0 && changes;
    });
    expect(hook.valid).toBe(true);
    expect(hook.json.object).toBe('whatsapp_business_account');
    expect(hook.entry.id).toBe(WABA_ID);
    expect(hook.value).toEqual({
      event: 'APPROVED',
      message_template_id: Number(created.id),
      message_template_name: 'order_ready',
      message_template_language: 'es_MX',
      reason: 'NONE',
      message_template_category: 'MARKETING',
    });
    // The id is a JSON number in the raw body, as Meta sends it.
    expect(hook.body).toContain(`"message_template_id":${created.id},`);
    const read = await client.getTemplate(created.id);
    expect(read).toMatchObject({
      id: created.id,
      name: 'order_ready',
      status: 'APPROVED',
      parameter_format: 'POSITIONAL',
    });
    expect(read.quality_score).toEqual({ score: 'UNKNOWN', date: expect.any(Number) });
  });

  it('refuses a second template with the same name and language, with Meta subcode 2388024', async () => {
    await client.createTemplate(WABA_ID, template('welcome'));
    const error = await failure(client.createTemplate(WABA_ID, template('welcome')));
    expect(error).toMatchObject({ code: 100, subcode: 2388024, httpStatus: 400, retryable: false });
    expect(error.userTitle).toBe('Content in This Language Already Exists');
    // Another language of the same name is a different template.
    await expect(client.createTemplate(WABA_ID, template('welcome', 'en_US'))).resolves.toMatchObject({
      status: 'PENDING',
    });
  });

  it('refuses what Meta refuses: a bad name, an unknown language, a body variable without example', async () => {
    const badName = await failure(client.createTemplate(WABA_ID, template('Order-Ready')));
    expect(badName).toMatchObject({ code: 100, httpStatus: 400 });
    expect(badName.message).toMatch(/lowercase letters, digits and underscores/);
    const badLanguage = await failure(client.createTemplate(WABA_ID, template('hello', 'es-MX')));
    expect(badLanguage.message).toMatch(/es-MX/);
    const noExample = template('hello');
    noExample.components = [{ type: 'BODY', text: 'Hola {{1}}, ¿cómo estás?' }];
    expect(await failure(client.createTemplate(WABA_ID, noExample))).toMatchObject({
      code: 100,
      subcode: 2388043,
    });
    expect(await t.control('GET', '/templates')).toMatchObject({ json: { data: [] } });
  });

  it('takes an authentication template only as WhatsApp writes it: no body text, an OTP button', async () => {
    const otp = { type: 'BUTTONS', buttons: [{ type: 'OTP', otp_type: 'COPY_CODE', text: 'Copiar' }] };
    const authentication = (name: string, components: TemplateComponent[]): CreateTemplateInput => ({
      name,
      language: 'es_MX',
      category: 'AUTHENTICATION',
      components,
    });
    const plainBody = await failure(
      client.createTemplate(WABA_ID, authentication('code_a', [{ type: 'BODY', text: 'Tu código' }, otp])),
    );
    expect(plainBody).toMatchObject({ code: 100, httpStatus: 400 });
    expect(plainBody.message).toMatch(/text.*not allowed in AUTHENTICATION/);
    const noButton = await failure(
      client.createTemplate(
        WABA_ID,
        authentication('code_b', [{ type: 'BODY', add_security_recommendation: true }]),
      ),
    );
    expect(noButton.message).toMatch(/OTP button/);
    expect(await t.control('GET', '/templates')).toMatchObject({ json: { data: [] } });
    await expect(
      client.createTemplate(
        WABA_ID,
        authentication('code_c', [
          { type: 'BODY', add_security_recommendation: true },
          { type: 'FOOTER', code_expiration_minutes: 10 },
          otp,
        ]),
      ),
    ).resolves.toMatchObject({ status: 'PENDING', category: 'AUTHENTICATION' });
  });

  it('lists one page at a time and follows paging.next across 3 pages until it is absent', async () => {
    await t.control('POST', '/config', { templatePageSize: 2 });
    const names = ['t_one', 't_two', 't_three', 't_four', 't_five'];
    for (const name of names) await client.createTemplate(WABA_ID, template(name));

    const first = await client.listTemplates(WABA_ID);
    expect(first.data.map((x) => x.name)).toEqual(['t_one', 't_two']);
    expect(first.paging?.next).toEqual(expect.stringContaining('after='));
    const pages = [];
    for await (const page of client.templatePages(WABA_ID)) pages.push(page);
    expect(pages.map((p) => p.data.map((x) => x.name))).toEqual([
      ['t_one', 't_two'],
      ['t_three', 't_four'],
      ['t_five'],
    ]);
    expect(pages[2].paging?.next).toBeUndefined();
    expect(pages[2].paging?.cursors?.after).toEqual(expect.any(String));

    const all = [];
    for await (const item of client.listAllTemplates(WABA_ID)) all.push(item);
    expect(all.map((x) => x.name)).toEqual(names);
    // Every field the templates service keeps is there.
    expect(Object.keys(all[0]).sort()).toEqual(
      [
        'category',
        'components',
        'id',
        'language',
        'name',
        'parameter_format',
        'quality_score',
        'rejected_reason',
        'status',
      ].sort(),
    );
    // An explicit limit wins over the default page size.
    expect((await client.listTemplates(WABA_ID, { limit: 4 })).data).toHaveLength(4);
  });

  it('deletes one language by name and hsm_id, leaving the other languages', async () => {
    const es = await client.createTemplate(WABA_ID, template('promo'));
    const en = await client.createTemplate(WABA_ID, template('promo', 'en_US'));
    await expect(client.deleteTemplate(WABA_ID, { name: 'promo', hsmId: es.id })).resolves.toEqual({
      success: true,
    });
    const left = (await client.listTemplates(WABA_ID)).data;
    expect(left.map((x) => [x.id, x.language])).toEqual([[en.id, 'en_US']]);
    const again = await failure(client.deleteTemplate(WABA_ID, { name: 'promo', hsmId: es.id }));
    expect(again).toMatchObject({ code: 100, userTitle: 'Message Template Not Found' });
  });

  it('refuses a delete without hsm_id before calling Graph', async () => {
    const error = await failure(client.deleteTemplate(WABA_ID, { name: 'promo' } as never));
    expect(error).toMatchObject({ local: true, code: 100 });
  });

  it('locks a deleted approved (name, language) for 30 days with subcode 2388023', async () => {
    const created = await client.createTemplate(WABA_ID, template('spring'));
    await approved(created.id);
    await client.deleteTemplate(WABA_ID, { name: 'spring', hsmId: created.id });
    const locked = await failure(client.createTemplate(WABA_ID, template('spring')));
    expect(locked).toMatchObject({ code: 100, subcode: 2388023 });
    await t.control('POST', '/clock', { advanceMs: 30 * DAY + 1000 });
    await expect(client.createTemplate(WABA_ID, template('spring'))).resolves.toMatchObject({
      status: 'PENDING',
    });
  });

  describe('edit', () => {
    const edited = (text: string) => [{ type: 'BODY', text }];

    it('edits only APPROVED, REJECTED or PAUSED templates and sends the edit back to review', async () => {
      await t.control('POST', '/config', { templateAutoApprove: false });
      const created = await client.createTemplate(WABA_ID, template('edit_me'));
      const pending = await failure(client.editTemplate(created.id, { components: edited('Nuevo texto') }));
      expect(pending).toMatchObject({ code: 100, userTitle: "Template Can't Be Edited" });

      await t.control('POST', `/templates/${created.id}/review`, { action: 'approve' });
      await expect(client.editTemplate(created.id, { components: edited('Nuevo texto') })).resolves.toEqual({
        success: true,
      });
      const after = await client.getTemplate(created.id);
      expect(after.status).toBe('PENDING');
      expect(after.components).toEqual([{ type: 'BODY', text: 'Nuevo texto' }]);
    });

    it('allows an APPROVED template one edit per 24 h and 10 per 30 days, with the next allowed time', async () => {
      await t.control('POST', '/config', { templateAutoApprove: false });
      const { id } = await client.createTemplate(WABA_ID, template('budget'));
      const approve = () => t.control('POST', `/templates/${id}/review`, { action: 'approve' });
      await approve();
      await client.editTemplate(id, { components: edited('Uno') });
      await approve();
      const daily = await failure(client.editTemplate(id, { components: edited('Dos') }));
      expect(daily).toMatchObject({ code: 80012, userTitle: 'Template edit limit reached' });
      expect(daily.userMessage).toMatch(/once every 24 hours.*next edit is allowed after \d{4}-/);

      for (let n = 2; n <= 10; n++) {
        await t.control('POST', '/clock', { advanceMs: DAY + 1000 });
        await client.editTemplate(id, { components: edited(`Edición ${n}`) });
        await approve();
      }
      await t.control('POST', '/clock', { advanceMs: DAY + 1000 });
      const monthly = await failure(client.editTemplate(id, { components: edited('Once') }));
      expect(monthly.code).toBe(80012);
      expect(monthly.userMessage).toMatch(/up to 10 times in 30 days/);
      expect((await client.getTemplate(id)).components).toEqual([{ type: 'BODY', text: 'Edición 10' }]);
    });

    it('does not count edits of REJECTED templates and keeps an APPROVED category', async () => {
      await t.control('POST', '/config', { templateAutoApprove: false });
      const { id } = await client.createTemplate(WABA_ID, template('rejected_one'));
      for (const text of ['Uno', 'Dos', 'Tres']) {
        await t.control('POST', `/templates/${id}/review`, { action: 'reject', reason: 'PROMOTIONAL' });
        await client.editTemplate(id, { components: edited(text), category: 'UTILITY' });
      }
      expect(await client.getTemplate(id)).toMatchObject({ category: 'UTILITY', status: 'PENDING' });
      await t.control('POST', `/templates/${id}/review`, { action: 'approve' });
      const locked = await failure(
        client.editTemplate(id, { components: edited('Cuatro'), category: 'MARKETING' }),
      );
      expect(locked).toMatchObject({ code: 100, userTitle: "Category Can't Be Changed" });
    });
  });

  it('answers the category WhatsApp filed a new template under, when it differs from the request', async () => {
    await t.control('POST', '/templates/recategorize', { name: 'looks_useful', category: 'MARKETING' });
    const created = await client.createTemplate(WABA_ID, {
      ...template('looks_useful'),
      category: 'UTILITY',
    });
    expect(created).toMatchObject({ status: 'PENDING', category: 'MARKETING' });
    expect((await client.getTemplate(created.id)).category).toBe('MARKETING');
  });

  it('answers the category WhatsApp approved under, and keeps the rejection reason', async () => {
    await t.control('POST', '/config', { templateAutoApprove: false });
    const a = await client.createTemplate(WABA_ID, template('recat'));
    await t.control('POST', `/templates/${a.id}/review`, { action: 'approve', category: 'UTILITY' });
    expect(await client.getTemplate(a.id)).toMatchObject({
      category: 'UTILITY',
      previous_category: 'MARKETING',
    });
    const b = await client.createTemplate(WABA_ID, template('nope'));
    await t.control('POST', `/templates/${b.id}/review`, { action: 'reject', reason: 'SCAM' });
    expect(await client.getTemplate(b.id)).toMatchObject({ status: 'REJECTED', rejected_reason: 'SCAM' });
  });
});
