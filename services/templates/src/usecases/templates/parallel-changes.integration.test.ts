import { templatesRepository } from '../../db/repositories/templates.repository';
import { approveTemplate, makeTemplateInput, simTemplates, withBody } from '../../testing/template-builders';
import { createTemplatesTestbed, openForTestFile, type OrgWithChannel } from '../../testing/testbed';
import { withWhatsAppHooks } from '../../testing/whatsapp-hooks';
import { createDraft } from './create-draft';
import { createTemplate } from './create-template';
import { editTemplate } from './edit-template';
import { getTemplate } from './get-template';
import { PROVIDER_CALL_CLAIM_MS } from './provider-call-claim';
import { submitTemplate } from './submit-template';

const tb = openForTestFile(createTemplatesTestbed);

/** The deps, counting the template creations and edits that actually go out to WhatsApp. */
function counting() {
  const calls = { create: 0, edit: 0 };
  const deps = withWhatsAppHooks(tb.deps, {
    beforeCreate: () => void calls.create++,
    beforeEdit: () => void calls.edit++,
  });
  return { deps, calls };
}

async function approvedTemplate(org: OrgWithChannel) {
  const input = makeTemplateInput();
  const { row } = await createTemplate(tb.deps, org.agent, input);
  await approveTemplate(tb.deps.db, org.sim, row);
  return { row, input };
}

const codesOf = (results: PromiseSettledResult<unknown>[]) =>
  results.map((r) => (r.status === 'fulfilled' ? 'OK' : (r.reason as { code?: string }).code)).sort();

describe('parallel changes of one template', () => {
  it('sends one of four simultaneous edits to WhatsApp; the others are 409 EDIT_IN_PROGRESS, not asked', async () => {
    const org = await tb.orgWithChannel();
    const { row, input } = await approvedTemplate(org);
    const { deps, calls } = counting();

    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((n) =>
        editTemplate(deps, org.agent, row.id, withBody(input, `Cambio ${n}: {{1}} y {{2}}.`, ['a', 'b'])),
      ),
    );

    expect(codesOf(results)).toEqual(['EDIT_IN_PROGRESS', 'EDIT_IN_PROGRESS', 'EDIT_IN_PROGRESS', 'OK']);
    expect(calls.edit).toBe(1);
    const [inWhatsApp] = (await simTemplates(org.sim)).filter((t) => t.id === row.providerTemplateId);
    expect(inWhatsApp).toMatchObject({ status: 'PENDING', approvedEdits: 1 });
    const { row: stored, history } = await getTemplate(tb.deps, org.agent, row.id);
    expect(stored).toMatchObject({
      status: 'PENDING',
      components: inWhatsApp?.components,
      editingUntil: null,
    });
    expect(history.filter((h) => h.event === 'EDITED')).toHaveLength(1);
  });

  it('submits a draft once when two submits arrive together: the other is 409 SUBMIT_IN_PROGRESS', async () => {
    const org = await tb.orgWithChannel();
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());
    const { deps, calls } = counting();

    const results = await Promise.allSettled([
      submitTemplate(deps, org.agent, row.id),
      submitTemplate(deps, org.agent, row.id),
    ]);

    expect(codesOf(results)).toEqual(['OK', 'SUBMIT_IN_PROGRESS']);
    expect(calls.create).toBe(1);
    const inWhatsApp = await simTemplates(org.sim);
    expect(inWhatsApp).toHaveLength(1);
    expect((await getTemplate(tb.deps, org.agent, row.id)).row).toMatchObject({
      status: 'PENDING',
      providerTemplateId: inWhatsApp[0]?.id,
      editingUntil: null,
    });
  });

  it('frees the template when the work fails, and when a claim left by a dead process expires', async () => {
    const org = await tb.orgWithChannel();
    const { row, input } = await approvedTemplate(org);
    const { deps, calls } = counting();
    const edit = withBody(input, 'Nuevo {{1}} y {{2}}.', ['a', 'b']);
    await expect(
      editTemplate(deps, org.agent, row.id, { ...input, components: [{ type: 'FOOTER', text: 'solo pie' }] }),
    ).rejects.toMatchObject({ kind: 'invalid' });
    // A claim held by a process that died during its call: edits wait until it expires.
    const now = tb.deps.now();
    const until = new Date(now.getTime() + PROVIDER_CALL_CLAIM_MS);
    expect(await templatesRepository.claimProviderCall(tb.deps.db, org.orgId, row.id, now, until)).toBe(true);
    await expect(editTemplate(deps, org.agent, row.id, edit)).rejects.toMatchObject({
      code: 'EDIT_IN_PROGRESS',
    });
    expect(calls.edit).toBe(0);

    tb.advanceClock(PROVIDER_CALL_CLAIM_MS + 1000);
    const edited = await editTemplate(deps, org.agent, row.id, edit);

    expect(edited.row.status).toBe('PENDING');
    expect((await getTemplate(tb.deps, org.agent, row.id)).row.editingUntil).toBeNull();
    expect(calls.edit).toBe(1);
  });

  it('answers 404 for another organization’s template, claimed or not, and leaves its claim alone', async () => {
    const org = await tb.orgWithChannel();
    const other = await tb.orgWithChannel();
    const { row, input } = await approvedTemplate(org);

    await expect(editTemplate(tb.deps, other.agent, row.id, input)).rejects.toMatchObject({
      kind: 'not_found',
    });
    await expect(submitTemplate(tb.deps, other.agent, row.id)).rejects.toMatchObject({ kind: 'not_found' });
    expect((await getTemplate(tb.deps, org.agent, row.id)).row.editingUntil).toBeNull();
  });
});
