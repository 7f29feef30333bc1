import { sql } from 'drizzle-orm';
import { TEMPLATES_EVENTS } from '@inbox/contracts';
import { createLogger, InProcessBus, newId, queryRows, type OutgoingEvent } from '@inbox/platform';
import type { TemplateRow } from '../db/repositories/templates.repository';
import {
  eventually,
  historyOf,
  seedSimTemplates,
  simCategory,
  simQuality,
  simReview,
  storeSeeded,
  storeTemplate,
  templateRow,
} from '../testing/sync-fixtures';
import { advanceSimClock, makeTemplateInput, withBody } from '../testing/template-builders';
import { createTemplatesTestbed, openForTestFile, type OrgWithChannel } from '../testing/testbed';
import { withWhatsAppHooks } from '../testing/whatsapp-hooks';
import { createTemplate } from '../usecases/templates/create-template';
import { editTemplate } from '../usecases/templates/edit-template';
import { providerChange, startWebhookIngress } from '../testing/webhook-ingress';
import { PROVIDER_WEBHOOKS_SUBSCRIPTION, providerWebhookHandler } from './provider-webhooks.consumer';

const SIM_APP_SECRET = 'sim-app-secret';

const bed = openForTestFile(async () => {
  const testbed = await createTemplatesTestbed();
  const bus = new InProcessBus(createLogger('webhooks-test', 'silent'));
  // The consumer as subscribeProviderWebhooks binds it, counting the attempts that failed.
  const failures = new Map<string, number>();
  const handle = providerWebhookHandler(testbed.deps);
  await bus.subscribe(PROVIDER_WEBHOOKS_SUBSCRIPTION, async (event, info) => {
    try {
      await handle(event, info);
    } catch (error) {
      failures.set(event.id, (failures.get(event.id) ?? 0) + 1);
      throw error;
    }
  });
  const ingress = await startWebhookIngress(bus, SIM_APP_SECRET);
  return {
    ...testbed,
    bus,
    ingress,
    failures,
    close: async () => {
      await ingress.close();
      await bus.close();
      await testbed.close();
    },
  };
});

async function orgReceivingWebhooks(): Promise<OrgWithChannel> {
  const org = await bed.orgWithChannel();
  org.sim.setWebhookUrl(bed.ingress.url);
  return org;
}

/** A template WhatsApp has, stored here in the status it had when submitted. */
async function submitted(org: OrgWithChannel, overrides: Partial<TemplateRow> = {}) {
  const [seeded] = await seedSimTemplates(org.sim, [{ status: 'PENDING', category: 'UTILITY' }]);
  return storeSeeded(bed.database.db, org.orgId, seeded, { qualityRating: null, ...overrides });
}

const changedRow = (before: TemplateRow) =>
  eventually(
    () => templateRow(bed.database.db, before.id),
    (row) => row.updatedAt.getTime() !== before.updatedAt.getTime(),
  );

const eventsAbout = async (templateId: string) =>
  (await bed.recordedEvents()).filter((e) => e.data.templateId === templateId);

/** Publishes one webhook change as the gateway would, and waits until the consumer handled it. */
async function deliver(event: OutgoingEvent) {
  const consumer = 'templates.provider-webhooks';
  await bed.bus.publish([event]);
  await eventually(
    () =>
      queryRows<{ n: number }>(
        bed.database.db,
        sql`select count(*)::int as n from templates.processed_events
            where consumer = ${consumer} and event_id = ${event.envelope.id}`,
      ),
    (rows) => rows[0].n === 1,
  );
}

describe('account-level template webhooks', () => {
  it('approves a template, with its history and events', async () => {
    const org = await orgReceivingWebhooks();
    const template = await submitted(org);

    await simReview(org.sim, template.providerTemplateId as string, { action: 'approve' });

    const approved = await changedRow(template);
    expect(approved.status).toBe('APPROVED');
    expect(
      (await historyOf(bed.database.db, template.id)).map((h) => [
        h.fromStatus,
        h.toStatus,
        h.event,
        h.changedBy,
      ]),
    ).toEqual([['PENDING', 'APPROVED', 'APPROVED', 'whatsapp']]);
    expect((await eventsAbout(template.id)).map((e) => [e.type, e.data.from, e.data.to])).toEqual([
      [TEMPLATES_EVENTS.templateStatusChanged, 'PENDING', 'APPROVED'],
    ]);
    expect(bed.ingress.refused).toBe(0);
  });

  it('keeps the category WhatsApp approved it under, and the one asked for', async () => {
    const org = await orgReceivingWebhooks();
    const template = await submitted(org);

    await simReview(org.sim, template.providerTemplateId as string, {
      action: 'approve',
      category: 'MARKETING',
    });

    expect(await changedRow(template)).toMatchObject({
      status: 'APPROVED',
      category: 'MARKETING',
      requestedCategory: 'UTILITY',
    });
    expect((await eventsAbout(template.id)).map((e) => [e.type, e.data.changes ?? e.data.to])).toEqual([
      [TEMPLATES_EVENTS.templateStatusChanged, 'APPROVED'],
      [TEMPLATES_EVENTS.templateUpdated, ['category']],
    ]);
  });

  it('keeps the reason of a rejection and what WhatsApp recommends, until it is approved', async () => {
    const org = await orgReceivingWebhooks();
    const template = await submitted(org);
    const rejectionInfo = {
      reason: 'Your template has parameters placed next to each other.',
      recommendation: 'Separate parameters with text.',
    };

    await simReview(org.sim, template.providerTemplateId as string, {
      action: 'reject',
      reason: 'INVALID_FORMAT',
      rejectionInfo,
    });

    const rejected = await changedRow(template);
    expect(rejected).toMatchObject({
      status: 'REJECTED',
      rejectedReason: 'INVALID_FORMAT',
      rejectionDetails: rejectionInfo,
    });
    expect((await historyOf(bed.database.db, template.id)).at(-1)).toMatchObject({
      toStatus: 'REJECTED',
      reason: 'INVALID_FORMAT',
    });

    await simReview(org.sim, template.providerTemplateId as string, { action: 'approve' });
    expect(await changedRow(rejected)).toMatchObject({
      status: 'APPROVED',
      rejectedReason: null,
      rejectionDetails: null,
    });
  });

  it('pauses a template for its quality, and stores the rating', async () => {
    const org = await orgReceivingWebhooks();
    const template = await submitted(org, { status: 'APPROVED', qualityRating: 'GREEN' });

    await simQuality(org.sim, template.providerTemplateId as string, 'RED');
    const rated = await changedRow(template);
    expect(rated).toMatchObject({ status: 'APPROVED', qualityRating: 'RED' });

    await simReview(org.sim, template.providerTemplateId as string, { action: 'pause' });
    const paused = await changedRow(rated);
    expect(paused.status).toBe('PAUSED');
    expect((await historyOf(bed.database.db, template.id)).at(-1)).toMatchObject({
      fromStatus: 'APPROVED',
      toStatus: 'PAUSED',
      reason: 'FIRST_PAUSE',
    });
    expect((await eventsAbout(template.id)).map((e) => [e.type, e.data.changes ?? e.data.to])).toEqual([
      [TEMPLATES_EVENTS.templateUpdated, ['quality_rating']],
      [TEMPLATES_EVENTS.templateStatusChanged, 'PAUSED'],
    ]);
  });

  it('notes an announced category change, then stores the change when it is done', async () => {
    const org = await orgReceivingWebhooks();
    const template = await submitted(org, { status: 'APPROVED' });
    const id = template.providerTemplateId as string;

    await simCategory(org.sim, id, 'MARKETING', true);
    const announced = await eventually(
      () => historyOf(bed.database.db, template.id),
      (h) => h.length === 1,
    );
    expect(announced[0]).toMatchObject({ event: 'CATEGORY_CHANGE_ANNOUNCED', toStatus: 'APPROVED' });
    expect(announced[0].reason).toMatch(/^UTILITY → MARKETING on \d{4}-/);
    expect((await templateRow(bed.database.db, template.id)).category).toBe('UTILITY');

    await simCategory(org.sim, id, 'MARKETING');
    expect(await changedRow(template)).toMatchObject({ category: 'MARKETING', status: 'APPROVED' });
    expect((await eventsAbout(template.id)).map((e) => [e.type, e.data.changes])).toEqual([
      [TEMPLATES_EVENTS.templateUpdated, ['category']],
    ]);
  });

  it('applies a webhook once, whether the bus or WhatsApp delivers it again', async () => {
    const org = await orgReceivingWebhooks();
    const template = await submitted(org);
    const value = {
      event: 'APPROVED',
      message_template_id: Number(template.providerTemplateId),
      message_template_name: template.name,
      message_template_language: template.language,
      reason: 'NONE',
    };
    const first = providerChange(org.wabaId, 'message_template_status_update', value);

    await deliver(first);
    await deliver(first); // the bus again: the same event id
    await deliver(providerChange(org.wabaId, 'message_template_status_update', value)); // WhatsApp again: a new event

    expect((await templateRow(bed.database.db, template.id)).status).toBe('APPROVED');
    expect(await historyOf(bed.database.db, template.id)).toHaveLength(1);
    expect(await eventsAbout(template.id)).toHaveLength(1);
  });

  it("never touches another organization's template, even one holding the same WhatsApp id", async () => {
    const org = await orgReceivingWebhooks();
    const other = await orgReceivingWebhooks();
    const template = await submitted(org);
    const lookalike = await storeTemplate(bed.database.db, other.orgId, {
      status: 'PENDING',
      name: template.name,
      providerTemplateId: template.providerTemplateId,
    });

    await simReview(org.sim, template.providerTemplateId as string, { action: 'reject' });

    expect((await changedRow(template)).status).toBe('REJECTED');
    expect(await templateRow(bed.database.db, lookalike.id)).toEqual(lookalike);
    expect(await eventsAbout(lookalike.id)).toEqual([]);
  });

  it('finds a template by an id beyond 2^53 kept as a string', async () => {
    const org = await orgReceivingWebhooks();
    const template = await storeTemplate(bed.database.db, org.orgId, {
      status: 'PENDING',
      providerTemplateId: '12345678901234567891',
    });
    await deliver(
      providerChange(org.wabaId, 'message_template_quality_update', {
        message_template_id: '12345678901234567891',
        message_template_name: template.name,
        message_template_language: template.language,
        previous_quality_score: 'UNKNOWN',
        new_quality_score: 'YELLOW',
      }),
    );
    expect((await templateRow(bed.database.db, template.id)).qualityRating).toBe('YELLOW');
  });

  it('links a template whose creation answer was lost, by its name and language', async () => {
    const org = await orgReceivingWebhooks();
    const template = await storeTemplate(bed.database.db, org.orgId, { status: 'PENDING' });
    await deliver(
      providerChange(org.wabaId, 'message_template_status_update', {
        event: 'APPROVED',
        message_template_id: 1777000000000001,
        message_template_name: template.name,
        message_template_language: template.language,
        reason: 'NONE',
      }),
    );
    expect(await templateRow(bed.database.db, template.id)).toMatchObject({
      status: 'APPROVED',
      providerTemplateId: '1777000000000001',
    });
  });

  it('retries a webhook that arrives before its template was stored, and applies it once it is', async () => {
    const org = await orgReceivingWebhooks();
    const name = `racing_${newId().slice(-6).replace('-', '')}`;
    const early = providerChange(org.wabaId, 'message_template_status_update', {
      event: 'APPROVED',
      message_template_id: 1777000000000003,
      message_template_name: name,
      message_template_language: 'es_MX',
      reason: 'NONE',
    });

    await bed.bus.publish([early]);
    await eventually(
      async () => bed.failures.get(early.envelope.id) ?? 0,
      (failed) => failed >= 1,
    );
    // The creation that caused the review commits only now.
    const template = await storeTemplate(bed.database.db, org.orgId, {
      status: 'PENDING',
      name,
      providerTemplateId: '1777000000000003',
    });

    expect((await changedRow(template)).status).toBe('APPROVED');
    expect(await bed.bus.deadLetters(PROVIDER_WEBHOOKS_SUBSCRIPTION.queue)).toEqual([]);
  });

  it('acknowledges webhooks of an unknown WABA, and of a template never stored, changing nothing', async () => {
    const org = await orgReceivingWebhooks();
    const eventsBefore = (await bed.recordedEvents()).length;
    const value = {
      event: 'APPROVED',
      message_template_id: 1777000000000002,
      message_template_name: `made_elsewhere_${newId().slice(-6).replace('-', '')}`,
      message_template_language: 'es_MX',
      reason: 'NONE',
    };

    // The handler the bus runs: it resolves (the delivery is acknowledged) without doing anything.
    const unknownWaba = providerChange('999000111222', 'message_template_status_update', value);
    await providerWebhookHandler(bed.deps)(unknownWaba.envelope, {
      attempt: 1,
      headers: unknownWaba.headers,
      queue: PROVIDER_WEBHOOKS_SUBSCRIPTION.queue,
    });
    // Received long enough ago that it is not waiting for its creation to commit any more.
    await deliver(
      providerChange(org.wabaId, 'message_template_status_update', value, new Date(Date.now() - 120_000)),
    );

    expect((await bed.recordedEvents()).length).toBe(eventsBefore);
    expect(await bed.bus.deadLetters(PROVIDER_WEBHOOKS_SUBSCRIPTION.queue)).toEqual([]);
  });

  it('judges a webhook stale by WhatsApp’s event times, never by when an earlier one was processed', async () => {
    const org = await orgReceivingWebhooks();
    const template = await submitted(org, { status: 'APPROVED' });
    const status = (event: string, at: Date) =>
      providerChange(
        org.wabaId,
        'message_template_status_update',
        {
          event,
          message_template_id: Number(template.providerTemplateId),
          message_template_name: template.name,
          message_template_language: template.language,
          reason: 'NONE',
        },
        new Date(),
        at,
      );
    const ago = (seconds: number) => new Date(Math.floor(Date.now() / 1000 - seconds) * 1000);
    const [pausedAt, unpausedAt, betweenAt] = [ago(30), ago(20), ago(25)];

    // Paused 30 s ago, processed only now; unpaused 20 s ago: the later event wins.
    await deliver(status('PAUSED', pausedAt));
    await deliver(status('APPROVED', unpausedAt));
    expect((await templateRow(bed.database.db, template.id)).status).toBe('APPROVED');
    // A delivery of what happened before the unpause changes nothing.
    await deliver(status('PAUSED', betweenAt));

    expect(await templateRow(bed.database.db, template.id)).toMatchObject({
      status: 'APPROVED',
      providerEventAt: unpausedAt,
    });
    expect(
      (await historyOf(bed.database.db, template.id)).map((h) => [h.toStatus, h.providerEventAt]),
    ).toEqual([
      ['PAUSED', pausedAt],
      ['APPROVED', unpausedAt],
    ]);
  });

  it('keeps an approval that arrives while WhatsApp is taking an edit, over the edit’s PENDING', async () => {
    const org = await orgReceivingWebhooks();
    const input = makeTemplateInput();
    const { row } = await createTemplate(bed.deps, org.agent, input);
    const id = row.providerTemplateId as string;
    await simReview(org.sim, id, { action: 'approve' });
    const approved = await changedRow(row);
    expect(approved.status).toBe('APPROVED');
    // WhatsApp's review of the edit comes a few seconds after the first approval.
    await advanceSimClock(org.sim, 3000);
    const edited = withBody(input, 'Hola {{1}}, tu pedido {{2}} ya salió.', ['Ana', 'A-1']);
    const racing = withWhatsAppHooks(bed.deps, {
      afterEdit: async () => {
        // WhatsApp approves the edit, and the webhook is applied before the edit is stored here.
        await simReview(org.sim, id, { action: 'approve' });
        await eventually(
          () => templateRow(bed.database.db, row.id),
          (r) => r.providerEventAt?.getTime() !== approved.providerEventAt?.getTime(),
        );
      },
    });

    const result = await editTemplate(racing, org.agent, row.id, edited);

    expect(result.row).toMatchObject({ status: 'APPROVED', components: edited.components });
    expect(await templateRow(bed.database.db, row.id)).toMatchObject({ status: 'APPROVED' });
  });

  it('brings back a template a sync found gone from WhatsApp when a webhook shows it again', async () => {
    const org = await orgReceivingWebhooks();
    const template = await submitted(org, {
      status: 'REMOVED',
      goneFromWhatsAppAt: new Date(Date.now() - 60_000),
    });
    const removedHere = await submitted(org, { status: 'REMOVED' });

    await simReview(org.sim, template.providerTemplateId as string, { action: 'approve' });
    await deliver(
      providerChange(org.wabaId, 'message_template_status_update', {
        event: 'APPROVED',
        message_template_id: Number(removedHere.providerTemplateId),
        message_template_name: removedHere.name,
        message_template_language: removedHere.language,
        reason: 'NONE',
      }),
    );

    expect(await changedRow(template)).toMatchObject({ status: 'APPROVED', goneFromWhatsAppAt: null });
    expect((await historyOf(bed.database.db, template.id)).at(-1)).toMatchObject({
      fromStatus: 'REMOVED',
      toStatus: 'APPROVED',
      changedBy: 'whatsapp',
    });
    // Removed here by a user: final, whatever WhatsApp says.
    expect((await templateRow(bed.database.db, removedHere.id)).status).toBe('REMOVED');
  });
});
