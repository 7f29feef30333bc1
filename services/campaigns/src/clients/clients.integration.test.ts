import { DomainError, newId } from '@inbox/platform';
import { createCampaignsTestbed, openForTestFile } from '../testing/testbed';

const testbed = openForTestFile(() => createCampaignsTestbed());

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (error: unknown) => {
      if (!(error instanceof DomainError)) throw error;
      return { kind: error.kind, code: error.code };
    },
  );

describe('the inbox and templates ports over gRPC', () => {
  it("reads the organization's channel, and relays the inbox's 404 for an organization without one", async () => {
    const org = await testbed.orgWithChannel();
    const channel = await testbed.deps.inbox.getChannelAccess(org.orgId, newId());
    expect(channel).toMatchObject({ orgId: org.orgId, phoneNumberId: org.phoneNumberId, wabaId: org.wabaId });

    const { orgId } = testbed.orgWithoutChannel();
    expect(await refusal(testbed.deps.inbox.getChannelAccess(orgId, newId()))).toMatchObject({
      kind: 'not_found',
    });
  });

  it("prepares a seeded template's sends, and relays 404 for another organization's template", async () => {
    const org = await testbed.orgWithChannel();
    const template = await testbed.seedTemplate(org);
    expect(template.status).toBe('APPROVED');

    const prepared = await testbed.deps.templates.prepareSends(org.orgId, newId(), {
      templateId: template.id,
      parameters: [{ bodyJson: JSON.stringify(['Ana', 'A-7']) }, { bodyJson: '["Ana"]' }],
    });
    expect(prepared.template?.name).toBe(template.name);
    expect(prepared.sends[0].renderedText).toBe('Hola Ana, tu pedido A-7 está listo.\n\nTienda Ejemplo');
    expect(prepared.sends[1].error).toMatch(/Expected 2 values/);

    const other = await testbed.orgWithChannel();
    expect(
      await refusal(
        testbed.deps.templates.prepareSends(other.orgId, newId(), {
          templateId: template.id,
          parameters: [],
        }),
      ),
    ).toEqual({ kind: 'not_found', code: expect.any(String) });
  });
});
