import { newId } from '@inbox/platform';
import { syncRepository } from '../../db/repositories/sync.repository';
import { cloudApiFor, type TemplatesDeps } from '../../deps';
import { startGraphFaultProxy, type GraphFaultProxy } from '../../testing/graph-fault-proxy';
import { bodyOnly, seedSimTemplates } from '../../testing/sync-fixtures';
import { createTemplatesTestbed, openForTestFile } from '../../testing/testbed';
import type { RemoteTemplate } from './sync-plan';
import { syncTemplates } from './sync-templates';
import { writeSyncedTemplates } from './write-synced-templates';

const bed = openForTestFile(createTemplatesTestbed);
let proxy: GraphFaultProxy | undefined;
afterEach(async () => {
  await proxy?.close();
  proxy = undefined;
});

const storedOf = async (orgId: number, providerIds: string[]) =>
  new Map(
    (await syncRepository.byProviderIds(bed.deps.db, orgId, providerIds)).map((r) => [
      r.providerTemplateId,
      r,
    ]),
  );

describe('a sync of text the database cannot store as WhatsApp sent it', () => {
  it('stores NUL and lone surrogates as U+FFFD instead of failing every sync', async () => {
    const org = await bed.orgWithChannel();
    const gateway = await startGraphFaultProxy(org.sim.url);
    proxy = gateway;
    const deps: TemplatesDeps = {
      ...bed.deps,
      whatsappFor: (channel) => cloudApiFor({ ...channel, apiBaseUrl: gateway.url }),
    };
    const [withNul, withSurrogate, plain] = await seedSimTemplates(org.sim, [
      { components: bodyOnly('Hola') },
      { components: bodyOnly('Hola') },
      { components: bodyOnly('Hola, todo bien') },
    ]);
    // WhatsApp lists text PostgreSQL refuses as it is: a NUL in text, a lone surrogate in JSON.
    gateway.rewrite('/message_templates', (page) => ({
      ...page,
      data: (page.data as Record<string, unknown>[]).map((t) =>
        t.id === withNul!.id
          ? { ...t, components: bodyOnly('Hola\u0000 mundo'), rejected_reason: 'NONE\u0000' }
          : t.id === withSurrogate!.id
            ? { ...t, components: bodyOnly('Hola \uD83D mundo') }
            : t,
      ),
    }));

    const first = await syncTemplates(deps, org.admin);
    const again = await syncTemplates(deps, org.admin);

    expect(first).toEqual({ created: 3, updated: 0, removed: 0, unchanged: 0, skipped: 0 });
    expect(again).toEqual({ created: 0, updated: 0, removed: 0, unchanged: 3, skipped: 0 });
    const stored = await storedOf(org.orgId, [withNul!.id, withSurrogate!.id, plain!.id]);
    expect(stored.get(withNul!.id)?.components).toEqual(bodyOnly('Hola\uFFFD mundo'));
    expect(stored.get(withSurrogate!.id)?.components).toEqual(bodyOnly('Hola \uFFFD mundo'));
    expect(stored.get(plain!.id)?.components).toEqual(bodyOnly('Hola, todo bien'));
  });

  it('skips, logs and counts a template the database still refuses, and writes the others', async () => {
    const org = await bed.orgWithChannel();
    const remote = (name: string): RemoteTemplate => ({
      providerTemplateId: `17${Date.now()}${Math.floor(Math.random() * 1e6)}`,
      name,
      language: 'es_MX',
      status: 'APPROVED',
      category: 'UTILITY',
      components: JSON.stringify(bodyOnly('Hola')),
      parameterFormat: 'POSITIONAL',
      qualityRating: null,
      rejectedReason: null,
    });
    // Not through the reading (which cleans text): what a value it does not foresee would do.
    const refused = remote('bad\u0000name');
    const fine = [remote('fine_one'), remote('fine_two')];
    const changed = [fine[0]!, refused, fine[1]!];

    const counts = await writeSyncedTemplates(
      bed.deps,
      { origin: { orgId: org.orgId, requestId: newId() }, by: 'sync', actorId: null },
      { ids: new Set(changed.map((r) => r.providerTemplateId)), changed },
      { readStartedAt: bed.deps.now(), gone: { ids: [], before: bed.deps.now() } },
    );

    expect(counts).toEqual({ created: 2, updated: 0, removed: 0, unchanged: 0, skipped: 1 });
    const stored = await storedOf(
      org.orgId,
      changed.map((r) => r.providerTemplateId),
    );
    expect([...stored.keys()].sort()).toEqual(fine.map((r) => r.providerTemplateId).sort());
  });
});
