import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CloudApiClient } from './client';
import type { CloudApiError } from './errors';
import { RESUMABLE_UPLOAD_LIMITS } from './resumable-upload';
import { TEMPLATE_FIELDS } from './templates';
import { clientOf, recordingServerForTestFile } from './testing/recorded-cloud-api';

/**
 * The exact requests of template management and the Resumable Upload API. Behaviour against a
 * Graph stand-in (errors, paging, budgets) is tested with the simulator in tools/whatsapp-sim.
 */

const server = recordingServerForTestFile();
let client: CloudApiClient;
beforeEach(() => {
  client = clientOf(server, { accessToken: 'TOKEN-3' });
});

const failure = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as CloudApiError,
  );

describe('template management requests', () => {
  it('creates with the body as given and reads ids given as numbers as strings', async () => {
    server.respond(() => ({ body: { id: 1689556908129832, status: 'PENDING', category: 'UTILITY' } }));
    const components = [{ type: 'BODY', text: 'Hola {{1}}', example: { body_text: [['Ana']] } }];
    const created = await client.createTemplate('102290129340398', {
      name: 'hello',
      language: 'es_MX',
      category: 'MARKETING',
      parameter_format: 'POSITIONAL',
      components,
    });
    expect(created).toEqual({ id: '1689556908129832', status: 'PENDING', category: 'UTILITY' });
    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe('/v23.0/102290129340398/message_templates');
    expect(req.headers.authorization).toBe('Bearer TOKEN-3');
    expect(req.json()).toEqual({
      name: 'hello',
      language: 'es_MX',
      category: 'MARKETING',
      parameter_format: 'POSITIONAL',
      components,
    });
  });

  it('lists with every field the service keeps, the limit and the cursor', async () => {
    server.respond(() => ({ body: { data: [], paging: { cursors: { before: 'b', after: 'a' } } } }));
    await client.listTemplates('102290129340398', { limit: 3, after: 'QVFI' });
    const url = new URL(server.requests[0].path, server.url);
    expect(url.pathname).toBe('/v23.0/102290129340398/message_templates');
    expect(url.searchParams.get('fields')).toBe(TEMPLATE_FIELDS.join(','));
    expect(url.searchParams.get('limit')).toBe('3');
    expect(url.searchParams.get('after')).toBe('QVFI');
    expect(TEMPLATE_FIELDS).toEqual([
      'id',
      'name',
      'language',
      'status',
      'category',
      'sub_category',
      'previous_category',
      'components',
      'parameter_format',
      'quality_score',
      'rejected_reason',
    ]);
  });

  it('follows paging with the cursor on its own host, never the next URL, and stops on a repeated cursor', async () => {
    const item = (id: string) => ({
      id,
      name: `n${id}`,
      language: 'es_MX',
      status: 'APPROVED',
      category: 'UTILITY',
    });
    server.respond((req) => {
      const after = new URL(req.path, server.url).searchParams.get('after');
      return {
        body: {
          data: [item(after ?? '1')],
          paging: { cursors: { after: 'same' }, next: 'https://elsewhere.example/v23.0/x?after=same' },
        },
      };
    });
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const t of client.listAllTemplates('1')) seen.push(t.id);
      })(),
    );
    expect(seen).toEqual(['1', 'same']);
    expect(error).toMatchObject({ code: 0, outcomeUnknown: true });
    expect(error?.message).toMatch(/repeats/);
    expect(server.requests).toHaveLength(2);
  });

  it('edits with the components (and category) and deletes by name and hsm_id together', async () => {
    server.respond(() => ({ body: { success: true } }));
    await client.editTemplate('920070352646140', { components: [{ type: 'BODY', text: 'Nuevo' }] });
    await client.deleteTemplate('102290129340398', { name: 'hello', hsmId: '920070352646140' });
    const [edit, del] = server.requests;
    expect([edit.method, edit.path]).toEqual(['POST', '/v23.0/920070352646140']);
    expect(edit.json()).toEqual({ components: [{ type: 'BODY', text: 'Nuevo' }] });
    expect(del.method).toBe('DELETE');
    expect(del.path).toBe('/v23.0/102290129340398/message_templates?name=hello&hsm_id=920070352646140');
  });

  it('refuses ids that are not Graph ids before sending', async () => {
    const error = await failure(client.getTemplate('../me'));
    expect(error).toMatchObject({ local: true, code: 100 });
    expect(server.requests).toHaveLength(0);
  });
});

describe('Resumable Upload API requests', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'client-upload-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('opens the session on the app with the file facts in the query', async () => {
    server.respond(() => ({ body: { id: 'upload:MTph?sig=ARZ' } }));
    await expect(
      client.createUploadSession('634974688087057', {
        fileName: 'a b.pdf',
        fileLength: 10,
        fileType: 'application/pdf',
      }),
    ).resolves.toEqual({ id: 'upload:MTph?sig=ARZ' });
    const [req] = server.requests;
    expect(req.method).toBe('POST');
    expect(req.path).toBe(
      '/v23.0/634974688087057/uploads?file_name=a+b.pdf&file_length=10&file_type=application%2Fpdf',
    );
    expect(req.headers.authorization).toBe('Bearer TOKEN-3');
  });

  it('streams the file from the offset with OAuth, file_offset and its exact length, keeping the sig query', async () => {
    const file = path.join(dir, 'offer.png');
    fs.writeFileSync(file, Buffer.from('0123456789'));
    server.respond(() => ({ body: { h: '4::aW1hZ2UvcG5n:ARx' } }));
    await expect(client.uploadFile('upload:MTph?sig=ARZ', file, { offset: 4 })).resolves.toEqual({
      h: '4::aW1hZ2UvcG5n:ARx',
    });
    const [req] = server.requests;
    expect(req.path).toBe('/v23.0/upload:MTph?sig=ARZ');
    expect(req.headers.authorization).toBe('OAuth TOKEN-3');
    expect(req.headers.file_offset).toBe('4');
    expect(req.headers['content-length']).toBe('6');
    expect(req.headers['transfer-encoding']).toBeUndefined();
    expect(req.body.toString()).toBe('456789');
  });

  it('reads the resume offset as a number whether Graph sends a string or a number', async () => {
    server.respond(() => ({ body: { id: 'upload:MTph', file_offset: '42' } }));
    await expect(client.getUploadSession('upload:MTph')).resolves.toEqual({
      id: 'upload:MTph',
      fileOffset: 42,
    });
    expect(server.requests[0].headers.authorization).toBe('OAuth TOKEN-3');
  });

  it('refuses an id that is not an upload id before sending', async () => {
    const error = await failure(client.uploadFile('123/../me', path.join(dir, 'none')));
    expect(error).toMatchObject({ local: true });
    expect(server.requests).toHaveLength(0);
  });

  it("takes WhatsApp's header sample types up to their sizes, and refuses others before sending", async () => {
    const MB = 1024 * 1024;
    expect(RESUMABLE_UPLOAD_LIMITS).toEqual({
      'image/jpeg': 5 * MB,
      'image/jpg': 5 * MB,
      'image/png': 5 * MB,
      'video/mp4': 16 * MB,
      'application/pdf': 100 * MB,
    });
    const session = (fileType: string, fileLength: number) =>
      failure(client.createUploadSession('634974688087057', { fileName: 'a', fileLength, fileType }));
    expect(await session('image/gif', 10)).toMatchObject({ local: true });
    expect(await session('video/mp4', 16 * MB + 1)).toMatchObject({ local: true });
    expect(server.requests).toHaveLength(0);
  });
});
