import { buildOpenApi } from '../openapi/openapi';
import { ROUTES } from '.';
import { templateInputBody } from './template-schemas';

interface Op {
  security: unknown[];
  description?: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}
const doc = buildOpenApi(ROUTES, 'test') as unknown as { paths: Record<string, Record<string, Op>> };
const op = (method: string, path: string) => doc.paths[`/api/v1${path}`]?.[method];

/** The spec's Templates section, plus GET /templates/{id} (with the status history). */
const SPEC = [
  ['get', '/templates/{id}/header-media'],
  ['get', '/templates'],
  ['post', '/templates'],
  ['post', '/templates/draft'],
  ['put', '/templates/{id}/draft'],
  ['patch', '/templates/{id}/folder'],
  ['patch', '/templates/{id}/inbox-category'],
  ['post', '/templates/{id}/submit'],
  ['put', '/templates/{id}'],
  ['delete', '/templates/{id}'],
  ['post', '/templates/{name}/send'],
  ['post', '/templates/{name}/send-to-phone'],
  ['post', '/templates/upload-media'],
  ['post', '/templates/sync'],
  ['post', '/templates/{id}/duplicate'],
  ['delete', '/templates/{id}/provider'],
  ['post', '/templates/bulk'],
] as const;

describe('the Templates section of the OpenAPI document', () => {
  it('has the 17 operations of the spec, and GET /templates/{id}', () => {
    expect(SPEC).toHaveLength(17);
    for (const [method, path] of [...SPEC, ['get', '/templates/{id}'] as const])
      expect({ method, path, documented: op(method, path) !== undefined }).toEqual({
        method,
        path,
        documented: true,
      });
  });

  it.each([
    ['patch', '/templates/{id}/folder'],
    ['patch', '/templates/{id}/inbox-category'],
    ['delete', '/templates/{id}/provider'],
    ['post', '/templates/bulk'],
  ])('%s %s requires the Admin role', (method, path) => {
    expect(op(method, path)!.description).toBe('Requires the Admin role.');
    expect(op(method, path)!.responses['403']).toBeDefined();
  });

  it('serves header media without credentials, cacheable, with its file types', () => {
    const media = op('get', '/templates/{id}/header-media')!;
    expect(media.security).toEqual([]);
    expect(Object.keys(media.responses)).toEqual(expect.arrayContaining(['200', '304', '404', '429', '503']));
    expect(media.responses['401']).toBeUndefined();
    expect(Object.keys(media.responses['200'].content!)).toEqual(
      expect.arrayContaining(['image/jpeg', 'image/png', 'video/mp4', 'application/pdf']),
    );
  });

  it('takes header uploads as multipart and documents 413 and 415', () => {
    const upload = op('post', '/templates/upload-media')!;
    expect(Object.keys(upload.responses)).toEqual(expect.arrayContaining(['201', '413', '415']));
  });
});

describe('the template body', () => {
  const valid = { name: 'order_update', category: 'UTILITY', components: [{ type: 'BODY', text: 'Hi' }] };
  it.each([
    ['a name with capitals', { ...valid, name: 'Order' }, 'name'],
    ['a name over 512 characters', { ...valid, name: 'a'.repeat(513) }, 'name'],
    ['an unknown category', { ...valid, category: 'PROMO' }, 'category'],
    ['no components', { ...valid, components: [] }, 'components'],
    ['a component that is not an object', { ...valid, components: ['BODY'] }, 'components'],
    ['a language WhatsApp does not have', { ...valid, language: 'es-MX' }, 'language'],
    ['an unknown field', { ...valid, extra: 1 }, ''],
  ])('refuses %s', (_name, body, path) => {
    const result = templateInputBody.safeParse(body);
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => String(i.path[0] ?? ''))).toContain(path);
  });

  it('takes a language and keeps Meta’s component fields', () => {
    const header = { type: 'HEADER', format: 'IMAGE', example: { header_handle: ['4::aW'] } };
    const parsed = templateInputBody.parse({
      ...valid,
      language: 'pt_BR',
      components: [header, ...valid.components],
    });
    expect(parsed.components[0]).toEqual(header);
    expect(parsed.language).toBe('pt_BR');
  });
});
