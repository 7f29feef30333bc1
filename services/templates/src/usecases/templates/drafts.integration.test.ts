import { makeTemplateInput, setLocalStatus, simTemplates, withBody } from '../../testing/template-builders';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { withWhatsAppHooks } from '../../testing/whatsapp-hooks';
import { templateLedgerRepository } from '../../db/repositories/template-ledger.repository';
import { createDraft } from './create-draft';
import { createTemplate } from './create-template';
import { duplicateTemplate } from './duplicate-template';
import { getTemplate } from './get-template';
import { removeTemplate } from './remove-template';
import { submitTemplate } from './submit-template';
import { updateDraft } from './update-draft';

const tb = openForTestFile(createTemplatesTestbed);
const eventsOf = async (templateId: string) =>
  (await tb.recordedEvents()).filter((e) => e.data.templateId === templateId).map((e) => e.type);

describe('drafts', () => {
  it('saves a DRAFT locally: WhatsApp sees nothing', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();

    const { row } = await createDraft(tb.deps, org.agent, input);

    expect(row).toMatchObject({
      status: 'DRAFT',
      name: input.name,
      providerTemplateId: null,
      category: 'UTILITY',
    });
    expect(await simTemplates(org.sim)).toEqual([]);
    expect(await eventsOf(row.id)).toEqual(['templates.template.created.v1']);
    const { history } = await getTemplate(tb.deps, org.agent, row.id);
    expect(history).toEqual([
      expect.objectContaining({ fromStatus: null, toStatus: 'DRAFT', event: 'CREATED' }),
    ]);
  });

  it('checks a draft by WhatsApp’s rules and its name like any template', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();
    await createDraft(tb.deps, org.agent, input);

    await expect(createDraft(tb.deps, org.agent, { ...input, name: 'with spaces' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: [expect.objectContaining({ path: 'name' })],
    });
    await expect(createDraft(tb.deps, org.agent, input)).rejects.toMatchObject({ code: 'TEMPLATE_EXISTS' });
  });

  it('updates a draft, renames it, and a repeat of the same save announces nothing', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());
    const changed = withBody({ ...makeTemplateInput(), name: `${row.name}_v2` }, 'Tu cita es el {{1}}.', [
      'lunes',
    ]);

    const updated = await updateDraft(tb.deps, org.agent, row.id, changed);
    const again = await updateDraft(tb.deps, org.agent, row.id, changed);

    expect(updated.row).toMatchObject({
      name: `${row.name}_v2`,
      status: 'DRAFT',
      components: changed.components,
    });
    expect(again.row.updatedAt).toEqual(updated.row.updatedAt);
    expect(await eventsOf(row.id)).toEqual([
      'templates.template.created.v1',
      'templates.template.updated.v1',
    ]);
    const [, updatedEvent] = (await tb.recordedEvents()).filter((e) => e.data.templateId === row.id);
    expect(updatedEvent?.data.changes).toEqual(['name', 'components']);
  });

  it('refuses to update a template that is not a draft (409) or is another organization’s (404)', async () => {
    const org = await tb.orgWithChannel();
    const other = await tb.orgWithChannel();
    const input = makeTemplateInput();
    const submitted = await createTemplate(tb.deps, org.agent, input);
    const draft = await createDraft(tb.deps, org.agent, makeTemplateInput());

    await expect(updateDraft(tb.deps, org.agent, submitted.row.id, input)).rejects.toMatchObject({
      kind: 'conflict',
    });
    await expect(updateDraft(tb.deps, other.agent, draft.row.id, input)).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(updateDraft(tb.deps, org.agent, 'not-an-id', input)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });

  it('refuses a rename onto a name the organization has in that language', async () => {
    const org = await tb.orgWithChannel();
    const first = makeTemplateInput();
    await createDraft(tb.deps, org.agent, first);
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());

    await expect(updateDraft(tb.deps, org.agent, row.id, { ...first })).rejects.toMatchObject({
      code: 'TEMPLATE_EXISTS',
    });
  });
});

describe('submitting a draft', () => {
  it('creates it in WhatsApp and makes it PENDING with WhatsApp’s id', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());

    const submitted = await submitTemplate(tb.deps, org.agent, row.id);

    const [inWhatsApp] = await simTemplates(org.sim);
    expect(inWhatsApp).toMatchObject({ name: row.name, status: 'PENDING' });
    expect(submitted.row).toMatchObject({ status: 'PENDING', providerTemplateId: inWhatsApp?.id });
    expect(await eventsOf(row.id)).toEqual([
      'templates.template.created.v1',
      'templates.template.status_changed.v1',
    ]);
    const { history } = await getTemplate(tb.deps, org.agent, row.id);
    expect(history[0]).toMatchObject({ fromStatus: 'DRAFT', toStatus: 'PENDING', event: 'SUBMITTED' });
  });

  it('refuses a template that is no longer a draft, without asking WhatsApp again', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());
    await submitTemplate(tb.deps, org.agent, row.id);

    await expect(submitTemplate(tb.deps, org.agent, row.id)).rejects.toMatchObject({ kind: 'conflict' });
    expect(await simTemplates(org.sim)).toHaveLength(1);
  });

  it('answers 409 CONCURRENT_CHANGE, naming what WhatsApp created, when the draft is removed and its name reused meanwhile', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();
    const draft = await createDraft(tb.deps, org.agent, input);
    let again: Awaited<ReturnType<typeof createDraft>> | undefined;
    const racing = withWhatsAppHooks(tb.deps, {
      afterCreate: async () => {
        await removeTemplate(tb.deps, org.agent, draft.row.id);
        again = await createDraft(tb.deps, org.agent, input);
      },
    });

    const refused = submitTemplate(racing, org.agent, draft.row.id);

    await expect(refused).rejects.toMatchObject({ kind: 'conflict', code: 'CONCURRENT_CHANGE' });
    const [inWhatsApp] = await simTemplates(org.sim);
    await expect(refused).rejects.toThrow(new RegExp(`${inWhatsApp?.id}.*sync the templates`));
    expect((await getTemplate(tb.deps, org.agent, draft.row.id)).row).toMatchObject({
      status: 'REMOVED',
      providerTemplateId: null,
    });
    expect((await getTemplate(tb.deps, org.agent, again!.row.id)).row).toMatchObject({ status: 'DRAFT' });
    // WhatsApp created it: the WABA's hour counts it.
    const hour = new Date(tb.deps.now().getTime() - 3_600_000);
    expect((await templateLedgerRepository.creationsSince(tb.deps.db, org.wabaId, hour)).count).toBe(1);
  });

  it('leaves the draft as it was when WhatsApp refuses it', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();
    // WhatsApp already holds this name in this language (created elsewhere, e.g. in WhatsApp Manager).
    const elsewhere = await createTemplate(tb.deps, org.agent, input);
    await removeTemplate(tb.deps, org.agent, elsewhere.row.id);
    const { row } = await createDraft(tb.deps, org.agent, input);

    await expect(submitTemplate(tb.deps, org.agent, row.id)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'TEMPLATE_EXISTS',
    });
    const after = await getTemplate(tb.deps, org.agent, row.id);
    expect(after.row).toMatchObject({ status: 'DRAFT', providerTemplateId: null });
    expect(after.history).toHaveLength(1);
  });
});

describe('duplicating a template', () => {
  it('makes a DRAFT copy under the first free `_copy` name, keeping content and labels', async () => {
    const org = await tb.orgWithChannel();
    const source = await createTemplate(tb.deps, org.agent, makeTemplateInput());

    const first = await duplicateTemplate(tb.deps, org.agent, source.row.id);
    const second = await duplicateTemplate(tb.deps, org.agent, source.row.id);

    expect(first.row).toMatchObject({
      name: `${source.row.name}_copy`,
      status: 'DRAFT',
      language: source.row.language,
      components: source.row.components,
      providerTemplateId: null,
    });
    expect(second.row.name).toBe(`${source.row.name}_copy_2`);
    expect(await simTemplates(org.sim)).toHaveLength(1);
    const { history } = await getTemplate(tb.deps, org.agent, first.row.id);
    expect(history).toEqual([expect.objectContaining({ toStatus: 'DRAFT', event: 'DUPLICATED' })]);
  });

  it('numbers a copy of a numbered copy on from the original name', async () => {
    const org = await tb.orgWithChannel();
    const source = await createDraft(tb.deps, org.agent, makeTemplateInput());
    const first = await duplicateTemplate(tb.deps, org.agent, source.row.id);
    const second = await duplicateTemplate(tb.deps, org.agent, source.row.id);

    const ofSecond = await duplicateTemplate(tb.deps, org.agent, second.row.id);
    const ofFirst = await duplicateTemplate(tb.deps, org.agent, first.row.id);

    expect(second.row.name).toBe(`${source.row.name}_copy_2`);
    expect(ofSecond.row.name).toBe(`${source.row.name}_copy_3`);
    expect(ofFirst.row.name).toBe(`${source.row.name}_copy_4`);
  });

  it('reuses a copy name whose template was removed, and never copies another organization’s', async () => {
    const org = await tb.orgWithChannel();
    const other = await tb.orgWithChannel();
    const source = await createDraft(tb.deps, org.agent, makeTemplateInput());
    const copy = await duplicateTemplate(tb.deps, org.agent, source.row.id);
    await setLocalStatus(tb.deps.db, copy.row.id, 'REMOVED');

    const again = await duplicateTemplate(tb.deps, org.agent, source.row.id);

    expect(again.row.name).toBe(`${source.row.name}_copy`);
    await expect(duplicateTemplate(tb.deps, other.agent, source.row.id)).rejects.toMatchObject({
      kind: 'not_found',
    });
  });
});
