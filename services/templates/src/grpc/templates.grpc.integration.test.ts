import { loadServiceConstructor, TEMPLATES_EVENTS, type EventEnvelope } from '@inbox/contracts';
import {
  CallerTokenCache,
  createGrpcClient,
  fromServiceError,
  serviceCaller,
  type CallerContext,
  type GrpcClient,
} from '@inbox/platform';
import type { TemplatesServiceClient } from '@inbox/contracts';
import { startTemplatesApp, type TemplatesApp } from '../app';
import { grpcInboxPort } from '../inbox-client';
import { approveTemplate, makeTemplateInput, storeTemplate, withBody } from '../testing/template-builders';
import { createTemplatesTestbed, openForTestFile, TESTBED_INTERNAL_SECRET } from '../testing/testbed';

/** The templates app as it boots (migrations, relay, gRPC), called over gRPC like the gateway does. */
const tb = openForTestFile(createTemplatesTestbed);
let app: TemplatesApp;
let client: GrpcClient<TemplatesServiceClient>;
const tokens = new CallerTokenCache(TESTBED_INTERNAL_SECRET);
const published: EventEnvelope[] = [];

/** The first event about a template the relay published on the bus (waits up to 15 s on a loaded machine). */
async function publishedFor(templateId: string): Promise<EventEnvelope> {
  for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
    const event = published.find((e) => e.data.templateId === templateId);
    if (event) return event;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no event about template ${templateId} was published`);
}

beforeAll(async () => {
  app = await startTemplatesApp({
    database: tb.database,
    bus: tb.bus,
    logger: tb.deps.logger,
    inbox: grpcInboxPort(`127.0.0.1:${tb.inbox.grpcPort}`, TESTBED_INTERNAL_SECRET),
    internalAuthSecret: TESTBED_INTERNAL_SECRET,
    settings: tb.deps.settings,
    syncIntervalSeconds: 0,
    grpcAddress: '127.0.0.1:0',
    httpPort: 0,
    httpHost: '127.0.0.1',
  });
  client = createGrpcClient(
    loadServiceConstructor('templates.v1.TemplatesService'),
    `127.0.0.1:${app.grpcPort}`,
  );
  await tb.bus.subscribe({ queue: 'test.templates-events', bindings: ['templates.#'] }, async (event) => {
    published.push(event);
  });
}, 120_000);
afterAll(async () => {
  client?.close();
  await app?.stop();
});

const as = (caller: CallerContext) => ({ callerToken: tokens.tokenFor(caller), requestId: caller.requestId });
const wire = (input = makeTemplateInput()) => ({
  name: input.name,
  language: input.language,
  category: input.category,
  componentsJson: JSON.stringify(input.components),
});
const failure = (call: Promise<unknown>) => call.then(() => undefined, fromServiceError);

describe('TemplatesService over gRPC', () => {
  it('creates a template and publishes template.created after the commit', async () => {
    const org = await tb.orgWithChannel();
    const input = wire();

    const created = await client.call.CreateTemplate(input, as(org.agent));

    expect(created).toMatchObject({
      name: input.name,
      language: 'es_MX',
      status: 'PENDING',
      category: 'UTILITY',
      parameterFormat: 'POSITIONAL',
      hasHeaderMedia: false,
      history: [],
    });
    expect(JSON.parse(created.componentsJson)).toEqual(JSON.parse(input.componentsJson));
    const read = await client.call.GetTemplate({ id: created.id }, as(org.agent));
    expect(read.history).toEqual([
      expect.objectContaining({ to: 'PENDING', event: 'SUBMITTED', by: 'user' }),
    ]);
    expect((await publishedFor(created.id)).type).toBe(TEMPLATES_EVENTS.templateCreated);
  });

  it('answers 400 with a field error for components that are not JSON, 404 across organizations', async () => {
    const org = await tb.orgWithChannel();
    const other = tb.orgWithoutChannel();
    const draft = await client.call.CreateDraft(wire(), as(org.agent));

    const notJson = await failure(
      client.call.CreateDraft({ ...wire(), componentsJson: '[{' }, as(org.agent)),
    );
    const elsewhere = await failure(client.call.GetTemplate({ id: draft.id }, as(other.agent)));

    expect(notJson).toMatchObject({
      httpStatus: 400,
      fields: [{ path: 'components', message: 'Not valid JSON' }],
    });
    expect(elsewhere).toMatchObject({ httpStatus: 404 });
  });

  it('lists with a cursor and clears a folder with an empty string', async () => {
    const org = tb.orgWithoutChannel();
    const a = await client.call.CreateDraft(wire(makeTemplateInput({ name: 'a_first' })), as(org.agent));
    await client.call.CreateDraft(wire(makeTemplateInput({ name: 'b_second' })), as(org.agent));
    await client.call.SetFolder({ id: a.id, folder: 'Uno' }, as(org.admin));

    const first = await client.call.ListTemplates({ filter: { status: ['DRAFT'] }, limit: 1 }, as(org.agent));
    const second = await client.call.ListTemplates(
      { filter: { status: ['DRAFT'] }, limit: 1, cursor: first.nextCursor },
      as(org.agent),
    );
    const cleared = await client.call.SetFolder({ id: a.id, folder: '' }, as(org.admin));

    expect(first.data.map((t) => [t.name, t.folder])).toEqual([['a_first', 'Uno']]);
    expect(second.data.map((t) => t.name)).toEqual(['b_second']);
    expect(second.nextCursor).toBeUndefined();
    expect(cleared.folder).toBeUndefined();
  });

  it('answers EDIT_LIMIT with the next allowed time as details: problem members and a retry time', async () => {
    const org = await tb.orgWithChannel();
    const input = makeTemplateInput();
    const created = await client.call.CreateTemplate(wire(input), as(org.agent));
    await approveTemplate(tb.deps.db, org.sim, {
      id: created.id,
      providerTemplateId: created.providerTemplateId ?? null,
    });
    const edit = (text: string) => ({ id: created.id, input: wire(withBody(input, text, ['a', 'b'])) });
    const edited = await client.call.EditTemplate(edit('Uno {{1}} y {{2}}.'), as(org.agent));
    await approveTemplate(tb.deps.db, org.sim, {
      id: created.id,
      providerTemplateId: created.providerTemplateId ?? null,
    });
    const { nextEditAllowedAt } = await client.call.GetTemplate({ id: created.id }, as(org.agent));

    const refused = await failure(client.call.EditTemplate(edit('Dos {{1}} y {{2}}.'), as(org.agent)));

    expect(edited.status).toBe('PENDING');
    expect(nextEditAllowedAt).toBeDefined();
    expect(refused).toMatchObject({
      httpStatus: 409,
      code: 'EDIT_LIMIT',
      members: { nextEditAllowedAt, editLimit: '24_HOURS' },
      retryAt: new Date(nextEditAllowedAt!),
    });
  });

  it('runs bulk actions for Admins and refuses Agents with 403', async () => {
    const org = tb.orgWithoutChannel();
    const draft = await client.call.CreateDraft(wire(), as(org.agent));
    const request = { action: 'set_inbox_category', mode: 'ids', ids: [draft.id], inboxCategory: 'Ventas' };

    const denied = await failure(client.call.BulkTemplates(request, as(org.agent)));
    const done = await client.call.BulkTemplates(request, as(org.admin));

    expect(denied).toMatchObject({ httpStatus: 403 });
    expect(done).toEqual({ succeeded: [draft.id], failed: [] });
    expect((await client.call.GetTemplate({ id: draft.id }, as(org.agent))).inboxCategory).toBe('Ventas');
  });
  it("prepares a campaign's sends for the campaigns service only (403 for a user)", async () => {
    const org = tb.orgWithoutChannel();
    const templateId = await storeTemplate(tb.deps.db, org.orgId);
    const request = {
      templateId,
      parameters: [{ bodyJson: '["Ana","A-7"]' }, { bodyJson: '["Ana"]' }],
    };

    const prepared = await client.call.PrepareSends(
      request,
      as(serviceCaller('campaigns', org.orgId, 'r-1')),
    );
    const denied = await failure(client.call.PrepareSends(request, as(org.agent)));

    expect(prepared.template).toMatchObject({ id: templateId, status: 'APPROVED', category: 'UTILITY' });
    expect(prepared.sends).toEqual([
      expect.objectContaining({ renderedText: 'Hola Ana, tu pedido A-7 está listo.\n\nTienda Ejemplo' }),
      expect.objectContaining({ error: 'parameters.body: Expected 2 values, got 1' }),
    ]);
    expect(prepared.sends[0].error).toBeUndefined();
    expect(denied).toMatchObject({ httpStatus: 403 });
  });
});
