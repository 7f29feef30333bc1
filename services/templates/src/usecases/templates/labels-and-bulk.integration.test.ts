import { MAX_BULK } from '@inbox/platform';
import { makeTemplateInput, setLocalStatus } from '../../testing/template-builders';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { bulkTemplates } from './bulk-templates';
import { createDraft } from './create-draft';
import { getTemplate } from './get-template';
import { setFolder } from './set-folder';
import { setInboxCategory } from './set-inbox-category';

const tb = openForTestFile(createTemplatesTestbed);
const updates = async (templateId: string) =>
  (await tb.recordedEvents()).filter(
    (e) => e.data.templateId === templateId && e.type === 'templates.template.updated.v1',
  );

describe('folder and inbox category', () => {
  it('sets and clears them (Admin), announcing only real changes', async () => {
    const org = tb.orgWithoutChannel();
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());

    const filed = await setFolder(tb.deps, org.admin, row.id, '  Promociones ');
    await setFolder(tb.deps, org.admin, row.id, 'Promociones');
    const categorized = await setInboxCategory(tb.deps, org.admin, row.id, 'Ventas');
    const cleared = await setFolder(tb.deps, org.admin, row.id, '');

    expect(filed.row.folder).toBe('Promociones');
    expect(categorized.row.inboxCategory).toBe('Ventas');
    expect(cleared.row).toMatchObject({ folder: null, inboxCategory: 'Ventas' });
    expect((await updates(row.id)).map((e) => e.data.changes)).toEqual([
      ['folder'],
      ['inbox_category'],
      ['folder'],
    ]);
    expect((await updates(row.id))[1]?.data).toMatchObject({ inboxCategory: 'Ventas' });
  });

  it('refuses Agents, labels that are too long, and other organizations’ templates', async () => {
    const org = tb.orgWithoutChannel();
    const other = tb.orgWithoutChannel();
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());

    await expect(setFolder(tb.deps, org.agent, row.id, 'X')).rejects.toMatchObject({ kind: 'forbidden' });
    await expect(setInboxCategory(tb.deps, org.admin, row.id, 'x'.repeat(101))).rejects.toMatchObject({
      kind: 'invalid',
      fields: [expect.objectContaining({ path: 'inboxCategory' })],
    });
    await expect(setFolder(tb.deps, other.admin, row.id, 'X')).rejects.toMatchObject({ kind: 'not_found' });
    expect((await getTemplate(tb.deps, org.agent, row.id)).row).toMatchObject({
      folder: null,
      inboxCategory: null,
    });
  });
});

describe('bulk actions', () => {
  it('moves the templates named by id, reporting other organizations’ ids as not found', async () => {
    const org = tb.orgWithoutChannel();
    const other = tb.orgWithoutChannel();
    const mine = await Promise.all([1, 2].map(() => createDraft(tb.deps, org.agent, makeTemplateInput())));
    const theirs = await createDraft(tb.deps, other.agent, makeTemplateInput());
    const ids = [...mine.map((m) => m.row.id), theirs.row.id];

    const outcome = await bulkTemplates(tb.deps, org.admin, {
      action: 'move',
      mode: 'ids',
      ids,
      folder: 'Q3',
    });

    expect(outcome.succeeded.sort()).toEqual(mine.map((m) => m.row.id).sort());
    expect(outcome.failed).toEqual([expect.objectContaining({ id: theirs.row.id, code: 'NOT_FOUND' })]);
    expect((await getTemplate(tb.deps, other.agent, theirs.row.id)).row.folder).toBeNull();
    expect((await getTemplate(tb.deps, org.agent, mine[0]!.row.id)).row.folder).toBe('Q3');
  });

  it('removes every template matching the filters in mode all (APPROVED when no status is given)', async () => {
    const org = tb.orgWithoutChannel();
    const approved = await createDraft(tb.deps, org.agent, makeTemplateInput({ name: 'sale_a' }));
    await setLocalStatus(tb.deps.db, approved.row.id, 'APPROVED');
    const draft = await createDraft(tb.deps, org.agent, makeTemplateInput({ name: 'sale_b' }));
    const unrelated = await createDraft(tb.deps, org.agent, makeTemplateInput({ name: 'welcome' }));
    await setLocalStatus(tb.deps.db, unrelated.row.id, 'APPROVED');

    const outcome = await bulkTemplates(tb.deps, org.admin, {
      action: 'delete',
      mode: 'all',
      ids: [],
      filter: { search: 'sale' },
    });

    expect(outcome).toEqual({ succeeded: [approved.row.id], failed: [] });
    expect((await getTemplate(tb.deps, org.agent, approved.row.id)).row.status).toBe('REMOVED');
    expect((await getTemplate(tb.deps, org.agent, draft.row.id)).row.status).toBe('DRAFT');
    expect((await getTemplate(tb.deps, org.agent, unrelated.row.id)).row.status).toBe('APPROVED');
  });

  it('sets the inbox category of many at once', async () => {
    const org = tb.orgWithoutChannel();
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());

    await bulkTemplates(tb.deps, org.admin, {
      action: 'set_inbox_category',
      mode: 'ids',
      ids: [row.id],
      inboxCategory: 'Soporte',
    });

    expect((await getTemplate(tb.deps, org.agent, row.id)).row.inboxCategory).toBe('Soporte');
  });

  it('refuses more than 500 in either mode, unknown actions and Agents, before changing anything', async () => {
    const org = tb.orgWithoutChannel();
    const { row } = await createDraft(tb.deps, org.agent, makeTemplateInput());
    const tooMany = [
      row.id,
      ...Array.from({ length: MAX_BULK }, (_, n) => `00000000-0000-7000-8000-${String(n).padStart(12, '0')}`),
    ];

    await expect(
      bulkTemplates(tb.deps, org.admin, { action: 'delete', mode: 'ids', ids: tooMany }),
    ).rejects.toMatchObject({ kind: 'invalid', fields: [expect.objectContaining({ path: 'selection' })] });
    await expect(
      bulkTemplates(tb.deps, org.admin, { action: 'archive', mode: 'ids', ids: [row.id] }),
    ).rejects.toMatchObject({ fields: [expect.objectContaining({ path: 'action' })] });
    await expect(
      bulkTemplates(tb.deps, org.agent, { action: 'delete', mode: 'ids', ids: [row.id] }),
    ).rejects.toMatchObject({ kind: 'forbidden' });
    expect((await getTemplate(tb.deps, org.agent, row.id)).row.status).toBe('DRAFT');
  });

  it('refuses mode all when more than 500 templates match', async () => {
    const org = tb.orgWithoutChannel();
    const first = await createDraft(tb.deps, org.agent, makeTemplateInput({ name: 'many_000' }));
    for (let n = 1; n <= MAX_BULK; n++)
      await createDraft(
        tb.deps,
        org.agent,
        makeTemplateInput({ name: `many_${String(n).padStart(3, '0')}` }),
      );

    await expect(
      bulkTemplates(tb.deps, org.admin, {
        action: 'move',
        mode: 'all',
        ids: [],
        filter: { status: ['DRAFT'] },
        folder: 'X',
      }),
    ).rejects.toMatchObject({ kind: 'invalid', fields: [expect.objectContaining({ path: 'selection' })] });
    expect((await getTemplate(tb.deps, org.agent, first.row.id)).row.folder).toBeNull();
  });
});
