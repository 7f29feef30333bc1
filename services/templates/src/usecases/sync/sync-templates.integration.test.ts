import { TEMPLATES_EVENTS } from '@inbox/contracts';
import { sql } from 'drizzle-orm';
import { DomainError, newId, queryRows } from '@inbox/platform';
import { leaseRepository } from '../../db/repositories/sync.repository';
import { cloudApiFor, type TemplatesDeps } from '../../deps';
import { startGraphFaultProxy, type GraphFaultProxy } from '../../testing/graph-fault-proxy';
import {
  bodyOnly,
  historyOf,
  seedSimTemplates,
  storeSeeded,
  storeTemplate,
  templateRow,
} from '../../testing/sync-fixtures';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import { GONE_GRACE_MS } from './confirm-gone';
import { orgSyncLease, syncTemplates } from './sync-templates';

const bed = openForTestFile(createTemplatesTestbed);

/** A WhatsApp-side id that no template has. */
const goneId = () => `19${String(Date.now()).slice(-8)}${Math.floor(Math.random() * 1e5)}`;

/** Stored and last changed before the grace a listing gets to show new templates. */
const longAgo = () => new Date(Date.now() - GONE_GRACE_MS - 60_000);

const eventsOf = async (orgId: number) => (await bed.recordedEvents()).filter((e) => e.orgId === orgId);

describe('POST /templates/sync', () => {
  it('pages through WhatsApp, creates, updates and removes, and keeps local metadata and drafts', async () => {
    const org = await bed.orgWithChannel();
    const other = await bed.orgWithChannel();
    const [kept, changed, ...fresh] = await seedSimTemplates(org.sim, [
      { name: 'kept_one', status: 'APPROVED', quality: 'GREEN' },
      { name: 'changed_one', status: 'APPROVED', category: 'MARKETING' },
      { name: 'new_one', status: 'PENDING' },
      { name: 'new_two', status: 'REJECTED' },
      { name: 'new_three', status: 'APPROVED', components: bodyOnly('Tercera plantilla') },
    ]);
    const local = {
      kept: await storeSeeded(bed.database.db, org.orgId, kept, {
        folder: 'promos',
        inboxCategory: 'billing',
      }),
      changed: await storeSeeded(bed.database.db, org.orgId, changed, {
        status: 'PENDING',
        category: 'UTILITY',
        folder: 'orders',
        inboxCategory: 'sales',
      }),
      gone: await storeTemplate(bed.database.db, org.orgId, {
        status: 'APPROVED',
        providerTemplateId: goneId(),
        updatedAt: longAgo(),
      }),
      draft: await storeTemplate(bed.database.db, org.orgId, { status: 'DRAFT' }),
      removed: await storeTemplate(bed.database.db, org.orgId, {
        status: 'REMOVED',
        providerTemplateId: goneId(),
      }),
    };
    // Another organization's template, with an id this WABA does not list: not this sync's business.
    const foreign = await storeTemplate(bed.database.db, other.orgId, {
      status: 'APPROVED',
      providerTemplateId: goneId(),
    });

    // Two per page: the fifth template is on the third page.
    const counts = await syncTemplates(bed.deps, org.admin, { pageSize: 2 });

    expect(counts).toEqual({ created: 3, updated: 1, removed: 1, unchanged: 1, skipped: 0 });
    const after = {
      kept: await templateRow(bed.database.db, local.kept.id),
      changed: await templateRow(bed.database.db, local.changed.id),
      gone: await templateRow(bed.database.db, local.gone.id),
      draft: await templateRow(bed.database.db, local.draft.id),
      removed: await templateRow(bed.database.db, local.removed.id),
      foreign: await templateRow(bed.database.db, foreign.id),
    };
    expect(after.kept).toEqual(local.kept);
    expect(after.changed).toMatchObject({
      status: 'APPROVED',
      category: 'MARKETING',
      folder: 'orders',
      inboxCategory: 'sales',
    });
    expect(after.gone).toMatchObject({ status: 'REMOVED', goneFromWhatsAppAt: expect.any(Date) });
    expect(after.draft).toEqual(local.draft);
    expect(after.removed).toEqual(local.removed);
    expect(after.foreign).toEqual(foreign);

    const created = await queryRows<{ name: string; status: string; components: unknown }>(
      bed.database.db,
      sql`select name, status, components from templates.templates
          where org_id = ${org.orgId} and name like 'new%' order by name`,
    );
    expect(created.map((r) => [r.name, r.status])).toEqual([
      ['new_one', 'PENDING'],
      ['new_three', 'APPROVED'],
      ['new_two', 'REJECTED'],
    ]);
    expect(created.find((r) => r.name === 'new_three')?.components).toEqual(fresh[2].components);

    expect(
      (await historyOf(bed.database.db, local.changed.id)).map((h) => [
        h.fromStatus,
        h.toStatus,
        h.event,
        h.changedBy,
      ]),
    ).toEqual([['PENDING', 'APPROVED', 'SYNCED', 'sync']]);
    expect(
      (await historyOf(bed.database.db, local.gone.id)).map((h) => [h.toStatus, h.event, h.reason]),
    ).toEqual([['REMOVED', 'GONE_FROM_WHATSAPP', null]]);
    expect(await historyOf(bed.database.db, local.removed.id)).toEqual([]);

    const events = await eventsOf(org.orgId);
    const types = (type: string) => events.filter((e) => e.type === type);
    expect(
      types(TEMPLATES_EVENTS.templateCreated)
        .map((e) => e.data.name)
        .sort(),
    ).toEqual(['new_one', 'new_three', 'new_two']);
    expect(types(TEMPLATES_EVENTS.templateCreated)[0].data).toMatchObject({ source: 'sync' });
    expect(types(TEMPLATES_EVENTS.templateUpdated).map((e) => [e.data.templateId, e.data.changes])).toEqual([
      [local.changed.id, ['category']],
    ]);
    expect(types(TEMPLATES_EVENTS.templateStatusChanged).map((e) => [e.data.templateId, e.data.to])).toEqual(
      expect.arrayContaining([
        [local.changed.id, 'APPROVED'],
        [local.gone.id, 'REMOVED'],
      ]),
    );
    expect(
      types(TEMPLATES_EVENTS.templateRemoved).map((e) => [e.data.templateId, e.data.inProvider]),
    ).toEqual([[local.gone.id, true]]);
    expect(await eventsOf(other.orgId)).toEqual([]);

    // Again: nothing changed in WhatsApp, so nothing changes here, and nothing is removed twice.
    const eventCount = (await eventsOf(org.orgId)).length;
    expect(await syncTemplates(bed.deps, org.agent, { pageSize: 2 })).toEqual({
      created: 0,
      updated: 0,
      removed: 0,
      unchanged: 5,
      skipped: 0,
    });
    expect((await eventsOf(org.orgId)).length).toBe(eventCount);
  });

  describe('when the listing lacks a template', () => {
    let proxy: GraphFaultProxy;
    afterAll(() => proxy?.close());

    it('removes only what WhatsApp confirms gone by id, and brings back one that is listed again', async () => {
      const org = await bed.orgWithChannel();
      proxy = await startGraphFaultProxy(org.sim.url);
      const deps: TemplatesDeps = {
        ...bed.deps,
        whatsappFor: (channel) => cloudApiFor({ ...channel, apiBaseUrl: proxy.url }),
      };
      const [justCreated, skipped, deleted, back] = await seedSimTemplates(org.sim, [
        { status: 'PENDING' },
        { status: 'APPROVED' },
        { status: 'APPROVED' },
        { status: 'PAUSED' },
      ]);
      const stored = {
        // Created a minute ago: WhatsApp's listing may not show it yet.
        justCreated: await storeSeeded(bed.database.db, org.orgId, justCreated),
        // Older, but the listing skipped it (a page WhatsApp served without it).
        skipped: await storeSeeded(bed.database.db, org.orgId, skipped, { updatedAt: longAgo() }),
        deleted: await storeSeeded(bed.database.db, org.orgId, deleted, { updatedAt: longAgo() }),
        // Gone from WhatsApp at an earlier sync; removed here by a user: the same listing shows both.
        back: await storeSeeded(bed.database.db, org.orgId, back, {
          status: 'REMOVED',
          goneFromWhatsAppAt: longAgo(),
          updatedAt: longAgo(),
        }),
      };
      const [userRemovedSeed] = await seedSimTemplates(org.sim, [{ status: 'APPROVED' }]);
      const userRemoved = await storeSeeded(bed.database.db, org.orgId, userRemovedSeed, {
        status: 'REMOVED',
        updatedAt: longAgo(),
      });
      // Deleted in WhatsApp (Manager, another tool): asking for it by id answers "does not exist".
      await cloudApiFor(await bed.deps.inbox.getChannelAccess(org.admin)).deleteTemplate(org.wabaId, {
        name: deleted.name,
        hsmId: deleted.id,
      });
      const lagging = new Set([justCreated.id, skipped.id]);
      proxy.rewrite('/message_templates', (page) => ({
        ...page,
        data: (page.data as { id: string }[]).filter((t) => !lagging.has(t.id)),
      }));

      expect(await syncTemplates(deps, org.admin)).toEqual({
        created: 0,
        updated: 1,
        removed: 1,
        unchanged: 1,
        skipped: 0,
      });

      expect(await templateRow(bed.database.db, stored.justCreated.id)).toEqual(stored.justCreated);
      expect(await templateRow(bed.database.db, stored.skipped.id)).toEqual(stored.skipped);
      // Only the one never created nor changed within the grace was asked about, and was there.
      expect(proxy.seen(`/${skipped.id}?`)).toBe(1);
      expect(proxy.seen(`/${justCreated.id}?`)).toBe(0);
      expect(await templateRow(bed.database.db, stored.deleted.id)).toMatchObject({
        status: 'REMOVED',
        goneFromWhatsAppAt: expect.any(Date),
      });
      expect(await templateRow(bed.database.db, stored.back.id)).toMatchObject({
        status: 'PAUSED',
        goneFromWhatsAppAt: null,
      });
      expect(
        (await historyOf(bed.database.db, stored.back.id)).map((h) => [h.fromStatus, h.toStatus, h.event]),
      ).toEqual([['REMOVED', 'PAUSED', 'BACK_IN_WHATSAPP']]);
      expect(await templateRow(bed.database.db, userRemoved.id)).toEqual(userRemoved);
    });
  });

  describe('when WhatsApp fails on the second page', () => {
    let proxy: GraphFaultProxy;
    afterAll(() => proxy?.close());

    it('changes nothing, then a complete sync applies everything', async () => {
      const org = await bed.orgWithChannel();
      proxy = await startGraphFaultProxy(org.sim.url);
      const deps: TemplatesDeps = {
        ...bed.deps,
        whatsappFor: (channel) => cloudApiFor({ ...channel, apiBaseUrl: proxy.url }),
      };
      const [first] = await seedSimTemplates(org.sim, [
        { status: 'APPROVED' },
        { status: 'APPROVED' },
        { status: 'APPROVED' },
        { status: 'PENDING' },
      ]);
      const stale = await storeSeeded(bed.database.db, org.orgId, first, { status: 'PENDING' });
      const gone = await storeTemplate(bed.database.db, org.orgId, {
        status: 'APPROVED',
        providerTemplateId: goneId(),
        updatedAt: longAgo(),
      });
      const eventsBefore = (await eventsOf(org.orgId)).length;

      proxy.failNth('/message_templates', 2);
      const failure = await syncTemplates(deps, org.admin, { pageSize: 2 }).catch((e: unknown) => e);

      expect(failure).toBeInstanceOf(DomainError);
      expect(failure).toMatchObject({ kind: 'rate_limited', code: 'WHATSAPP_RATE_LIMITED' });
      expect(proxy.seen('/message_templates')).toBe(2);
      expect(await templateRow(bed.database.db, stale.id)).toEqual(stale);
      expect(await templateRow(bed.database.db, gone.id)).toEqual(gone);
      const rows = await queryRows<{ n: number }>(
        bed.database.db,
        sql`select count(*)::int as n from templates.templates where org_id = ${org.orgId}`,
      );
      expect(rows[0].n).toBe(2);
      expect((await eventsOf(org.orgId)).length).toBe(eventsBefore);

      expect(await syncTemplates(deps, org.admin, { pageSize: 2 })).toEqual({
        created: 3,
        updated: 1,
        removed: 1,
        unchanged: 0,
        skipped: 0,
      });
    });
  });

  describe('when WhatsApp lists a category or a quality rating this service does not know', () => {
    let proxy: GraphFaultProxy;
    afterAll(() => proxy?.close());

    it('leaves a template of an unknown category alone (never gone), and stores an unknown rating as UNKNOWN', async () => {
      const org = await bed.orgWithChannel();
      proxy = await startGraphFaultProxy(org.sim.url);
      const deps: TemplatesDeps = {
        ...bed.deps,
        whatsappFor: (channel) => cloudApiFor({ ...channel, apiBaseUrl: proxy.url }),
      };
      const [newKind, storedNewKind, newRating] = await seedSimTemplates(org.sim, [
        { status: 'APPROVED' },
        { status: 'APPROVED' },
        { status: 'APPROVED', quality: 'GREEN' },
      ]);
      const stored = await storeSeeded(bed.database.db, org.orgId, storedNewKind);
      // WhatsApp files two of them under a category, and rates one with a score, that came after this code.
      proxy.rewrite('/message_templates', (page) => ({
        ...page,
        data: (page.data as Record<string, unknown>[]).map((t) =>
          t.id === newKind.id || t.id === storedNewKind.id
            ? { ...t, category: 'SERVICE_NOTICE' }
            : t.id === newRating.id
              ? { ...t, quality_score: { score: 'PURPLE' } }
              : t,
        ),
      }));

      expect(await syncTemplates(deps, org.admin)).toEqual({
        created: 1,
        updated: 0,
        removed: 0,
        unchanged: 2,
        skipped: 0,
      });
      const rows = await queryRows<{
        provider_template_id: string;
        category: string;
        quality_rating: string;
      }>(
        bed.database.db,
        sql`select provider_template_id, category, quality_rating from templates.templates
            where org_id = ${org.orgId} order by provider_template_id`,
      );
      expect(rows).toEqual(
        [
          {
            provider_template_id: storedNewKind.id,
            category: stored.category,
            quality_rating: stored.qualityRating,
          },
          { provider_template_id: newRating.id, category: newRating.category, quality_rating: 'UNKNOWN' },
        ].sort((a, b) => (a.provider_template_id < b.provider_template_id ? -1 : 1)),
      );
      expect(await templateRow(bed.database.db, stored.id)).toEqual(stored);
    });
  });

  it('keeps a header file while WhatsApp shows the same sample, and drops it once the header changed there', async () => {
    const org = await bed.orgWithChannel();
    const header = (path: string, query: string) => ({
      type: 'HEADER',
      format: 'IMAGE',
      example: { header_handle: [`https://scontent.whatsapp.net/v/t61.29466-34/${path}?${query}`] },
    });
    const body = { type: 'BODY', text: 'Mira la foto' };
    const [same, replaced] = await seedSimTemplates(org.sim, [
      { status: 'APPROVED', components: [header('111_n.jpg', 'oe=new'), body] },
      { status: 'APPROVED', components: [header('333_n.jpg', 'oe=new'), body] },
    ]);
    // Both were linked to a file uploaded here; the second one's header was replaced in WhatsApp Manager.
    const stored = {
      same: await storeSeeded(bed.database.db, org.orgId, same, {
        components: [header('111_n.jpg', 'oe=old'), body],
        headerMediaId: newId(),
      }),
      replaced: await storeSeeded(bed.database.db, org.orgId, replaced, {
        components: [header('222_n.jpg', 'oe=old'), body],
        headerMediaId: newId(),
      }),
    };

    expect(await syncTemplates(bed.deps, org.admin)).toMatchObject({ updated: 2 });

    expect(await templateRow(bed.database.db, stored.same.id)).toMatchObject({
      components: same.components,
      headerMediaId: stored.same.headerMediaId,
    });
    expect(await templateRow(bed.database.db, stored.replaced.id)).toMatchObject({
      components: replaced.components,
      headerMediaId: null,
    });
  });

  it('answers 409 SYNC_IN_PROGRESS while a sync of the organization runs, and syncs once it ended', async () => {
    const org = await bed.orgWithChannel();
    await seedSimTemplates(org.sim, [{ status: 'APPROVED' }]);
    const now = new Date();
    const running = `other-replica-${newId()}`;
    expect(
      await leaseRepository.acquire(
        bed.database.db,
        orgSyncLease(org.orgId),
        running,
        now,
        new Date(now.getTime() + 60_000),
      ),
    ).toBe(true);

    await expect(syncTemplates(bed.deps, org.admin)).rejects.toMatchObject({
      kind: 'conflict',
      code: 'SYNC_IN_PROGRESS',
    });

    await leaseRepository.release(bed.database.db, orgSyncLease(org.orgId), running);
    expect(await syncTemplates(bed.deps, org.admin)).toMatchObject({ created: 1 });
    // The sync gave its lease back.
    expect(await leaseRepository.expiry(bed.database.db, orgSyncLease(org.orgId))).toBeNull();
  });

  it('takes over the lease of a sync whose process died once it expired', async () => {
    const org = await bed.orgWithChannel();
    const past = new Date(Date.now() - 10 * 60_000);
    await leaseRepository.acquire(
      bed.database.db,
      orgSyncLease(org.orgId),
      'dead',
      past,
      new Date(past.getTime() + 1000),
    );
    await expect(syncTemplates(bed.deps, org.admin)).resolves.toEqual({
      created: 0,
      updated: 0,
      removed: 0,
      unchanged: 0,
      skipped: 0,
    });
  });

  it('answers 409 WHATSAPP_NOT_CONFIGURED for an organization without a channel', async () => {
    const { admin } = bed.orgWithoutChannel();
    await expect(syncTemplates(bed.deps, admin)).rejects.toMatchObject({ code: 'WHATSAPP_NOT_CONFIGURED' });
  });
});
