import { makeTemplateInput, setLocalStatus } from '../../testing/template-builders';
import { createTemplatesTestbed, openForTestFile, type OrgWithChannel } from '../../testing/testbed';
import { createDraft } from './create-draft';
import { createTemplate } from './create-template';
import { listTemplates } from './list-templates';
import { setFolder } from './set-folder';

const tb = openForTestFile(createTemplatesTestbed);

const names = (page: { data: { row: { name: string } }[] }) => page.data.map((v) => v.row.name);

/** Templates named `<prefix>_<n>` in WhatsApp, approved there and here. */
async function approvedTemplates(org: OrgWithChannel, prefix: string, count: number) {
  const rows = [];
  for (let n = 0; n < count; n++) {
    const { row } = await createTemplate(tb.deps, org.agent, makeTemplateInput({ name: `${prefix}_${n}` }));
    await setLocalStatus(tb.deps.db, row.id, 'APPROVED');
    rows.push(row);
  }
  return rows;
}

describe('listing templates', () => {
  let org: OrgWithChannel;
  beforeAll(async () => {
    org = await tb.orgWithChannel();
    await approvedTemplates(org, 'promo', 3);
    await createDraft(tb.deps, org.agent, makeTemplateInput({ name: 'promo_draft' }));
    const { row } = await createTemplate(
      tb.deps,
      org.agent,
      makeTemplateInput({ name: 'welcome_100', language: 'en_US', category: 'MARKETING' }),
    );
    await setLocalStatus(tb.deps.db, row.id, 'APPROVED');
    await setFolder(tb.deps, org.admin, row.id, 'Onboarding');
  });

  it('shows APPROVED templates by default, by name', async () => {
    const page = await listTemplates(tb.deps, org.agent, {});
    expect(names(page)).toEqual(['promo_0', 'promo_1', 'promo_2', 'welcome_100']);
    expect(page.nextCursor).toBeNull();
  });

  it('filters by status, category, folder, language and a part of the name', async () => {
    const drafts = await listTemplates(tb.deps, org.agent, { filter: { status: ['DRAFT'] } });
    expect(names(drafts)).toEqual(['promo_draft']);
    const all = await listTemplates(tb.deps, org.agent, { filter: { status: ['DRAFT', 'APPROVED'] } });
    expect(all.data).toHaveLength(5);
    expect(names(await listTemplates(tb.deps, org.agent, { filter: { category: 'MARKETING' } }))).toEqual([
      'welcome_100',
    ]);
    expect(names(await listTemplates(tb.deps, org.agent, { filter: { folder: 'Onboarding' } }))).toEqual([
      'welcome_100',
    ]);
    expect(names(await listTemplates(tb.deps, org.agent, { filter: { language: 'en_US' } }))).toEqual([
      'welcome_100',
    ]);
    expect(names(await listTemplates(tb.deps, org.agent, { filter: { search: 'PROMO_1' } }))).toEqual([
      'promo_1',
    ]);
  });

  it('takes `_` and `%` in a search literally', async () => {
    // As LIKE wildcards, "p_omo" and "promo%2" would match promo_0… and promo_2.
    expect(await listTemplates(tb.deps, org.agent, { filter: { search: 'p_omo' } })).toMatchObject({
      data: [],
    });
    expect(await listTemplates(tb.deps, org.agent, { filter: { search: 'promo%2' } })).toMatchObject({
      data: [],
    });
    expect(names(await listTemplates(tb.deps, org.agent, { filter: { search: 'o_2' } }))).toEqual([
      'promo_2',
    ]);
  });

  it('pages with the cursor it gave, without gaps or repeats', async () => {
    const first = await listTemplates(tb.deps, org.agent, { limit: 3 });
    const second = await listTemplates(tb.deps, org.agent, { limit: 3, cursor: first.nextCursor ?? '' });

    expect(names(first)).toEqual(['promo_0', 'promo_1', 'promo_2']);
    expect(names(second)).toEqual(['welcome_100']);
    expect(second.nextCursor).toBeNull();
  });

  it('refuses a forged cursor, an unknown status and a page size over 100 with field errors', async () => {
    await expect(listTemplates(tb.deps, org.agent, { cursor: 'bm90LWEtY3Vyc29y' })).rejects.toMatchObject({
      kind: 'invalid',
      fields: [expect.objectContaining({ path: 'cursor' })],
    });
    await expect(listTemplates(tb.deps, org.agent, { filter: { status: ['LIVE'] } })).rejects.toMatchObject({
      fields: [expect.objectContaining({ path: 'filter.status' })],
    });
    await expect(listTemplates(tb.deps, org.agent, { limit: 101 })).rejects.toMatchObject({
      fields: [expect.objectContaining({ path: 'limit' })],
    });
  });

  it('shows an organization only its own templates', async () => {
    const other = tb.orgWithoutChannel();
    expect(
      (await listTemplates(tb.deps, other.agent, { filter: { status: ['DRAFT', 'APPROVED'] } })).data,
    ).toEqual([]);
  });
});

describe('a long list', () => {
  it('answers 50 by default and at most 100 a page', async () => {
    const org = await tb.orgWithChannel();
    for (let n = 0; n < 101; n++)
      await createDraft(
        tb.deps,
        org.agent,
        makeTemplateInput({ name: `bulk_${String(n).padStart(3, '0')}` }),
      );

    const byDefault = await listTemplates(tb.deps, org.agent, { filter: { status: ['DRAFT'] } });
    const largest = await listTemplates(tb.deps, org.agent, { filter: { status: ['DRAFT'] }, limit: 100 });
    const rest = await listTemplates(tb.deps, org.agent, {
      filter: { status: ['DRAFT'] },
      limit: 100,
      cursor: largest.nextCursor ?? '',
    });

    expect(byDefault.data).toHaveLength(50);
    expect(largest.data).toHaveLength(100);
    expect(names(rest)).toEqual(['bulk_100']);
  });
});
