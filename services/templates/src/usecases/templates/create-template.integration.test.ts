import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import { templatesRepository } from '../../db/repositories/templates.repository';
import { makeTemplateInput, seedCreations, simTemplates } from '../../testing/template-builders';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { withWhatsAppHooks } from '../../testing/whatsapp-hooks';
import { createDraft } from './create-draft';
import { createTemplate } from './create-template';
import { getTemplate } from './get-template';

const tb = openForTestFile(createTemplatesTestbed);
const HOUR = 3_600_000;

const countRows = async (orgId: number) =>
  (
    await templatesRepository.page(
      tb.deps.db,
      orgId,
      { statuses: ['DRAFT', 'PENDING', 'APPROVED', 'REJECTED', 'REMOVED'] },
      null,
      100,
    )
  ).length;

describe('creating a template (create and submit)', () => {
  it('creates it in WhatsApp and stores it PENDING with WhatsApp’s id and category', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();

    const { row } = await createTemplate(tb.deps, org.agent, input);

    const [inWhatsApp] = await simTemplates(org.sim);
    expect(inWhatsApp).toMatchObject({ name: input.name, language: 'es_MX', status: 'PENDING' });
    expect(inWhatsApp?.components).toEqual(input.components);
    expect(row).toMatchObject({
      orgId: org.orgId,
      name: input.name,
      language: 'es_MX',
      status: 'PENDING',
      category: inWhatsApp?.category,
      requestedCategory: null,
      providerTemplateId: inWhatsApp?.id,
      parameterFormat: 'POSITIONAL',
      components: input.components,
    });
    const { history } = await getTemplate(tb.deps, org.agent, row.id);
    expect(history).toEqual([
      expect.objectContaining({
        fromStatus: null,
        toStatus: 'PENDING',
        event: 'SUBMITTED',
        changedBy: 'user',
      }),
    ]);
    const events = (await tb.recordedEvents()).filter((e) => e.data.templateId === row.id);
    expect(events).toEqual([
      expect.objectContaining({
        type: 'templates.template.created.v1',
        orgId: org.orgId,
        data: expect.objectContaining({ status: 'PENDING', providerTemplateId: inWhatsApp?.id }),
      }),
    ]);
  });

  it('defaults the language to es_MX', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createTemplate(tb.deps, org.agent, makeTemplateInput({ language: undefined }));
    expect(row.language).toBe('es_MX');
  });

  it('refuses invalid content with field errors before WhatsApp sees it, and stores nothing', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput({
      name: 'Bad Name!',
      components: [{ type: 'BODY', text: 'Hola {{1}}' }],
    });

    await expect(createTemplate(tb.deps, org.agent, input)).rejects.toMatchObject({
      kind: 'invalid',
      fields: expect.arrayContaining([expect.objectContaining({ path: 'name' })]),
    });
    expect(await simTemplates(org.sim)).toEqual([]);
    expect(await countRows(org.orgId)).toBe(0);
  });

  it('answers 409 for a (name, language) the organization already has, without asking WhatsApp', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();
    await createTemplate(tb.deps, org.agent, input);

    await expect(createTemplate(tb.deps, org.agent, input)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'TEMPLATE_EXISTS',
    });
    expect(await simTemplates(org.sim)).toHaveLength(1);
    // Another language is another template.
    const english = await createTemplate(tb.deps, org.agent, { ...input, language: 'en_US' });
    expect(english.row.language).toBe('en_US');
  });

  it('turns WhatsApp’s refusal into a 400 on the components and writes nothing', async () => {
    const org = await tb.orgWithChannel();
    // A media header whose handle was never uploaded: only WhatsApp can know.
    const input = makeTemplateInput({
      components: [
        {
          type: 'HEADER',
          format: 'IMAGE',
          example: { header_handle: ['4::aW1hZ2UvanBlZw==:never-uploaded'] },
        },
        { type: 'BODY', text: 'Hola {{1}}, mira la foto.', example: { body_text: [['Ana']] } },
      ],
    });

    await expect(createTemplate(tb.deps, org.agent, input)).rejects.toMatchObject({
      kind: 'invalid',
      code: 'PROVIDER_REJECTED',
      fields: [expect.objectContaining({ path: 'components' })],
    });
    expect(await countRows(org.orgId)).toBe(0);
    // WhatsApp did not create it: the WABA's hour does not count it.
    expect(
      (await templateLedgerRepository.creationsSince(tb.deps.db, org.wabaId, new Date(Date.now() - HOUR)))
        .count,
    ).toBe(0);
    expect(await tb.recordedEvents()).not.toContainEqual(
      expect.objectContaining({ orgId: org.orgId, type: 'templates.template.created.v1' }),
    );
  });

  it('answers 429 with the time a slot frees up once the WABA created 100 templates in the hour', async () => {
    const org = await tb.orgWithChannel();
    const oldest = new Date(tb.deps.now().getTime() - HOUR / 2);
    await seedCreations(tb.deps.db, org.orgId, org.wabaId, 100, oldest);

    const refused = createTemplate(tb.deps, org.agent, makeTemplateInput());
    await expect(refused).rejects.toMatchObject({ kind: 'rate_limited', code: 'TEMPLATE_CREATE_LIMIT' });
    await expect(refused).rejects.toThrow(new Date(oldest.getTime() + HOUR).toISOString());
    expect(await simTemplates(org.sim)).toEqual([]);

    // An hour after the oldest, there is room again.
    tb.advanceClock(HOUR / 2 + 1000);
    const { row } = await createTemplate(tb.deps, org.agent, makeTemplateInput());
    expect(row.status).toBe('PENDING');
    const counted = await templateLedgerRepository.creationsSince(
      tb.deps.db,
      org.wabaId,
      new Date(tb.deps.now().getTime() - HOUR),
    );
    expect(counted.count).toBe(1);
  });

  it('never lets concurrent creations pass the WABA’s 100 an hour', async () => {
    const org = await tb.orgWithChannel();
    await seedCreations(tb.deps.db, org.orgId, org.wabaId, 99, new Date(tb.deps.now().getTime() - HOUR / 2));

    const outcomes = await Promise.allSettled([
      createTemplate(tb.deps, org.agent, makeTemplateInput()),
      createTemplate(tb.deps, org.agent, makeTemplateInput()),
      createTemplate(tb.deps, org.agent, makeTemplateInput()),
    ]);

    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const refused of outcomes.filter((o) => o.status === 'rejected'))
      expect(refused.reason).toMatchObject({ kind: 'rate_limited', code: 'TEMPLATE_CREATE_LIMIT' });
    expect(await simTemplates(org.sim)).toHaveLength(1);
  });

  it('answers 409 CREATED_IN_WHATSAPP_ONLY when a draft takes the name while WhatsApp creates it, and counts it', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();
    const racing = withWhatsAppHooks(tb.deps, {
      afterCreate: async () => void (await createDraft(tb.deps, org.agent, input)),
    });

    const refused = createTemplate(racing, org.agent, input);

    await expect(refused).rejects.toMatchObject({ kind: 'conflict', code: 'CREATED_IN_WHATSAPP_ONLY' });
    const [inWhatsApp] = await simTemplates(org.sim);
    await expect(refused).rejects.toThrow(new RegExp(`id ${inWhatsApp?.id}.*sync the templates`));
    expect(await countRows(org.orgId)).toBe(1); // the draft
    const hour = new Date(tb.deps.now().getTime() - HOUR);
    expect((await templateLedgerRepository.creationsSince(tb.deps.db, org.wabaId, hour)).count).toBe(1);
  });

  it('answers 409 when the organization has no WhatsApp channel', async () => {
    const org = tb.orgWithoutChannel();
    await expect(createTemplate(tb.deps, org.agent, makeTemplateInput())).rejects.toMatchObject({
      kind: 'conflict',
      code: 'WHATSAPP_NOT_CONFIGURED',
    });
  });

  it('keeps each organization to its own templates', async () => {
    const a = await tb.orgWithChannel();
    const b = await tb.orgWithChannel();
    const input = makeTemplateInput();
    const { row } = await createTemplate(tb.deps, a.agent, input);

    await expect(getTemplate(tb.deps, b.admin, row.id)).rejects.toMatchObject({ kind: 'not_found' });
    // The same name is free in another organization (and in its own WABA).
    const other = await createTemplate(tb.deps, b.agent, input);
    expect(other.row.orgId).toBe(b.orgId);
    expect(await simTemplates(b.sim)).toHaveLength(1);
  });
});
