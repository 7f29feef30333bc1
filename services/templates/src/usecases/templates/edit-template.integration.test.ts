import {
  advanceSimClock,
  approveTemplate,
  makeTemplateInput,
  rejectTemplate,
  simTemplates,
  withBody,
} from '../../testing/template-builders';
import { createTemplatesTestbed, openForTestFile, type OrgWithChannel } from '../../testing/testbed';
import { withWhatsAppHooks } from '../../testing/whatsapp-hooks';
import { createDraft } from './create-draft';
import { createTemplate } from './create-template';
import { editTemplate } from './edit-template';
import { getTemplate } from './get-template';
import { removeTemplate } from './remove-template';
import type { TemplateInput } from './template-input';

const tb = openForTestFile(createTemplatesTestbed);
const DAY = 86_400_000;

/** A template WhatsApp approved, as the caller created it. */
async function approvedTemplate(org: OrgWithChannel, input: TemplateInput = makeTemplateInput()) {
  const { row } = await createTemplate(tb.deps, org.agent, input);
  await approveTemplate(tb.deps.db, org.sim, row);
  return { row, input };
}

const inWhatsApp = async (org: OrgWithChannel, providerId: string | null) =>
  (await simTemplates(org.sim)).find((t) => t.id === providerId);

describe('editing a template in WhatsApp', () => {
  it('replaces the components in WhatsApp, goes back to PENDING and records the edit', async () => {
    const org = await tb.orgWithChannel();
    const { row, input } = await approvedTemplate(org);
    const edited = withBody(input, 'Hola {{1}}, tu pedido {{2}} ya salió.', ['Ana', 'A-1']);

    const result = await editTemplate(tb.deps, org.agent, row.id, edited);

    expect(result.row).toMatchObject({ status: 'PENDING', components: edited.components });
    expect(await inWhatsApp(org, row.providerTemplateId)).toMatchObject({
      status: 'PENDING',
      components: edited.components,
      approvedEdits: 1,
    });
    const { history } = await getTemplate(tb.deps, org.agent, row.id);
    expect(history[0]).toMatchObject({ fromStatus: 'APPROVED', toStatus: 'PENDING', event: 'EDITED' });
    const types = (await tb.recordedEvents()).filter((e) => e.data.templateId === row.id).map((e) => e.type);
    expect(types.slice(-2)).toEqual([
      'templates.template.updated.v1',
      'templates.template.status_changed.v1',
    ]);
  });

  it('answers 409 CONCURRENT_CHANGE when the template is removed here while WhatsApp takes the edit', async () => {
    const org = await tb.orgWithChannel();
    const { row, input } = await approvedTemplate(org);
    const edited = withBody(input, 'Hola {{1}}, tu pedido {{2}} cambió.', ['Ana', 'A-1']);
    const racing = withWhatsAppHooks(tb.deps, {
      afterEdit: async () => void (await removeTemplate(tb.deps, org.agent, row.id)),
    });

    const refused = editTemplate(racing, org.agent, row.id, edited);

    await expect(refused).rejects.toMatchObject({ kind: 'conflict', code: 'CONCURRENT_CHANGE' });
    await expect(refused).rejects.toThrow(/sync the templates/);
    expect((await getTemplate(tb.deps, org.agent, row.id)).row).toMatchObject({
      status: 'REMOVED',
      components: input.components,
    });
    // WhatsApp took it: the edit is in WhatsApp, and counted against the budget here too.
    expect(await inWhatsApp(org, row.providerTemplateId)).toMatchObject({ components: edited.components });
    const { history } = await getTemplate(tb.deps, org.agent, row.id);
    expect(history.map((h) => h.event)).toEqual(['REMOVED', 'SUBMITTED']);
  });

  it('spends nothing when the content is unchanged', async () => {
    const org = await tb.orgWithChannel();
    const { row, input } = await approvedTemplate(org);

    const result = await editTemplate(tb.deps, org.agent, row.id, input);

    expect(result.row.status).toBe('APPROVED');
    expect(result.nextEditAllowedAt).toBeNull();
    expect(await inWhatsApp(org, row.providerTemplateId)).toMatchObject({
      status: 'APPROVED',
      approvedEdits: 0,
    });
  });

  it('allows one edit of an APPROVED template per 24 hours: 409 EDIT_LIMIT with the next time, before WhatsApp', async () => {
    const org = await tb.orgWithChannel();
    const { row, input } = await approvedTemplate(org);
    const first = await editTemplate(
      tb.deps,
      org.agent,
      row.id,
      withBody(input, 'Primera {{1}} y {{2}}.', ['a', 'b']),
    );
    await approveTemplate(tb.deps.db, org.sim, first.row);
    const editedAt = first.row.updatedAt.getTime();

    const approved = await getTemplate(tb.deps, org.agent, row.id);
    expect(approved.nextEditAllowedAt?.getTime()).toBe(editedAt + DAY);
    const second = editTemplate(
      tb.deps,
      org.agent,
      row.id,
      withBody(input, 'Segunda {{1}} y {{2}}.', ['a', 'b']),
    );
    await expect(second).rejects.toMatchObject({ kind: 'conflict', code: 'EDIT_LIMIT' });
    await expect(second).rejects.toThrow(new Date(editedAt + DAY).toISOString());
    expect(await inWhatsApp(org, row.providerTemplateId)).toMatchObject({
      approvedEdits: 1,
      status: 'APPROVED',
    });

    // A day later, WhatsApp and this service both allow the next one.
    tb.advanceClock(DAY + 1000);
    await advanceSimClock(org.sim, DAY + 1000);
    const third = await editTemplate(
      tb.deps,
      org.agent,
      row.id,
      withBody(input, 'Tercera {{1}} y {{2}}.', ['a', 'b']),
    );
    expect(third.row.status).toBe('PENDING');
    expect(await inWhatsApp(org, row.providerTemplateId)).toMatchObject({ approvedEdits: 2 });
  });

  it('does not count edits of REJECTED or PAUSED templates against the budget', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();
    const { row } = await createTemplate(tb.deps, org.agent, input);
    await rejectTemplate(tb.deps.db, org.sim, row);

    await editTemplate(tb.deps, org.agent, row.id, withBody(input, 'Uno {{1}} y {{2}}.', ['a', 'b']));
    await approveTemplate(tb.deps.db, org.sim, row);

    const view = await getTemplate(tb.deps, org.agent, row.id);
    expect(view.nextEditAllowedAt).toBeNull();
  });

  it('refuses statuses WhatsApp cannot edit, name or language changes, and an approved category change', async () => {
    const org = await tb.orgWithChannel();
    const pending = await createTemplate(tb.deps, org.agent, makeTemplateInput());
    const draft = await createDraft(tb.deps, org.agent, makeTemplateInput());
    const { row, input } = await approvedTemplate(org);

    for (const id of [pending.row.id, draft.row.id])
      await expect(editTemplate(tb.deps, org.agent, id, input)).rejects.toMatchObject({ kind: 'conflict' });
    await expect(
      editTemplate(tb.deps, org.agent, row.id, { ...input, name: `${input.name}_x` }),
    ).rejects.toMatchObject({ code: 'NAME_LANGUAGE_FIXED' });
    await expect(
      editTemplate(tb.deps, org.agent, row.id, { ...input, language: 'en_US' }),
    ).rejects.toMatchObject({
      code: 'NAME_LANGUAGE_FIXED',
    });
    await expect(
      editTemplate(tb.deps, org.agent, row.id, { ...input, category: 'MARKETING' }),
    ).rejects.toMatchObject({
      code: 'CATEGORY_LOCKED',
    });
    expect(await inWhatsApp(org, row.providerTemplateId)).toMatchObject({ approvedEdits: 0 });
  });

  it('checks the new content (400) and keeps organizations apart (404)', async () => {
    const org = await tb.orgWithChannel();
    const other = await tb.orgWithChannel();
    const { row, input } = await approvedTemplate(org);

    await expect(
      editTemplate(tb.deps, org.agent, row.id, {
        ...input,
        components: [{ type: 'FOOTER', text: 'solo pie' }],
      }),
    ).rejects.toMatchObject({ kind: 'invalid', fields: expect.arrayContaining([expect.anything()]) });
    await expect(editTemplate(tb.deps, other.agent, row.id, input)).rejects.toMatchObject({
      kind: 'not_found',
    });
    expect((await getTemplate(tb.deps, org.agent, row.id)).row.status).toBe('APPROVED');
  });
});
