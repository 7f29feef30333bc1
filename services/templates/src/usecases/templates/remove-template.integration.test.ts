import { makeTemplateInput, simTemplates } from '../../testing/template-builders';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { createDraft } from './create-draft';
import { createTemplate } from './create-template';
import { deleteInProvider } from './delete-in-provider';
import { getTemplate } from './get-template';
import { removeTemplate } from './remove-template';

const tb = openForTestFile(createTemplatesTestbed);
const eventsOf = async (templateId: string) =>
  (await tb.recordedEvents()).filter((e) => e.data.templateId === templateId);

describe('removing a template here', () => {
  it('marks it REMOVED locally only, once: a repeat changes nothing', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createTemplate(tb.deps, org.agent, makeTemplateInput());

    const removed = await removeTemplate(tb.deps, org.agent, row.id);
    const again = await removeTemplate(tb.deps, org.agent, row.id);

    expect(removed.row.status).toBe('REMOVED');
    expect(again.row.updatedAt).toEqual(removed.row.updatedAt);
    expect(await simTemplates(org.sim)).toEqual([expect.objectContaining({ id: row.providerTemplateId })]);
    const events = await eventsOf(row.id);
    expect(events.map((e) => e.type)).toEqual([
      'templates.template.created.v1',
      'templates.template.status_changed.v1',
      'templates.template.removed.v1',
    ]);
    expect(events[2]?.data).toMatchObject({ inProvider: false });
    const { history } = await getTemplate(tb.deps, org.agent, row.id);
    expect(history[0]).toMatchObject({ fromStatus: 'PENDING', toStatus: 'REMOVED', event: 'REMOVED' });
  });

  it('frees the (name, language) for a new draft, and answers 404 for another organization', async () => {
    const org = await tb.orgWithChannel();
    const other = await tb.orgWithChannel();
    const input = makeTemplateInput();
    const { row } = await createDraft(tb.deps, org.agent, input);

    await expect(removeTemplate(tb.deps, other.admin, row.id)).rejects.toMatchObject({ kind: 'not_found' });
    await removeTemplate(tb.deps, org.agent, row.id);
    const again = await createDraft(tb.deps, org.agent, input);
    expect(again.row.id).not.toBe(row.id);
  });
});

describe('deleting a template in WhatsApp', () => {
  it('deletes that one language by name and hsm_id, then marks it REMOVED', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();
    const spanish = await createTemplate(tb.deps, org.agent, input);
    const english = await createTemplate(tb.deps, org.agent, { ...input, language: 'en_US' });

    const deleted = await deleteInProvider(tb.deps, org.admin, spanish.row.id);

    expect(deleted.row.status).toBe('REMOVED');
    // A name alone would have deleted the English one too.
    expect(await simTemplates(org.sim)).toEqual([
      expect.objectContaining({ id: english.row.providerTemplateId }),
    ]);
    const removedEvent = (await eventsOf(spanish.row.id)).find(
      (e) => e.type === 'templates.template.removed.v1',
    );
    expect(removedEvent?.data).toMatchObject({ inProvider: true });
    const { history } = await getTemplate(tb.deps, org.admin, spanish.row.id);
    expect(history[0]).toMatchObject({ toStatus: 'REMOVED', event: 'DELETED' });
  });

  it('deletes a template already removed here, and answers a repeat without asking WhatsApp again', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createTemplate(tb.deps, org.agent, makeTemplateInput());
    await removeTemplate(tb.deps, org.agent, row.id);

    await deleteInProvider(tb.deps, org.admin, row.id);
    const again = await deleteInProvider(tb.deps, org.admin, row.id);

    expect(again.row.status).toBe('REMOVED');
    expect(await simTemplates(org.sim)).toEqual([]);
    const removedEvents = (await eventsOf(row.id)).filter((e) => e.type === 'templates.template.removed.v1');
    expect(removedEvents.map((e) => e.data.inProvider)).toEqual([false, true]);
  });

  it('is for Admins only', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createTemplate(tb.deps, org.agent, makeTemplateInput());

    await expect(deleteInProvider(tb.deps, org.agent, row.id)).rejects.toMatchObject({ kind: 'forbidden' });
    expect(await simTemplates(org.sim)).toHaveLength(1);
    expect((await getTemplate(tb.deps, org.agent, row.id)).row.status).toBe('PENDING');
  });

  it('removes a DRAFT here without asking WhatsApp (it never was there), and says so in the history', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createTemplate(tb.deps, org.agent, makeTemplateInput());
    const draft = await createDraft(tb.deps, org.agent, makeTemplateInput({ name: 'only_here' }));
    const calls = { delete: 0 };
    const counting = {
      ...tb.deps,
      whatsappFor: (channel: Parameters<typeof tb.deps.whatsappFor>[0]) => {
        const client = tb.deps.whatsappFor(channel);
        const remove = client.deleteTemplate.bind(client);
        client.deleteTemplate = (...args) => (calls.delete++, remove(...args));
        return client;
      },
    };

    const deleted = await deleteInProvider(counting, org.admin, draft.row.id);
    const again = await deleteInProvider(counting, org.admin, draft.row.id);

    expect(deleted.row.status).toBe('REMOVED');
    expect(again.row.updatedAt).toEqual(deleted.row.updatedAt);
    expect(calls.delete).toBe(0);
    expect(await simTemplates(org.sim)).toEqual([expect.objectContaining({ id: row.providerTemplateId })]);
    const { history } = await getTemplate(tb.deps, org.admin, draft.row.id);
    expect(history).toHaveLength(2);
    expect(history[0]).toMatchObject({
      fromStatus: 'DRAFT',
      toStatus: 'REMOVED',
      event: 'DELETED',
      reason: 'NEVER_IN_WHATSAPP',
    });
    const removed = (await eventsOf(draft.row.id)).filter((e) => e.type === 'templates.template.removed.v1');
    expect(removed.map((e) => e.data.inProvider)).toEqual([false]);
  });

  it('removes a DRAFT of an organization without a WhatsApp channel too', async () => {
    const org = tb.orgWithoutChannel();
    const draft = await createDraft(tb.deps, org.agent, makeTemplateInput());

    expect((await deleteInProvider(tb.deps, org.admin, draft.row.id)).row.status).toBe('REMOVED');
  });

  it('answers 404 for another organization’s template', async () => {
    const org = await tb.orgWithChannel();
    const other = await tb.orgWithChannel();
    const { row } = await createTemplate(tb.deps, org.agent, makeTemplateInput());

    await expect(deleteInProvider(tb.deps, other.admin, row.id)).rejects.toMatchObject({ kind: 'not_found' });
    expect(await simTemplates(org.sim)).toHaveLength(1);
  });
});
