import { BOT_LANGUAGES, RECLASSIFY_SCOPES } from '@inbox/contracts';
import { buildOpenApi } from '../openapi/openapi';
import { ROUTES } from '.';

interface Op {
  summary: string;
  tags: string[];
  description?: string;
  requestBody?: { required: boolean; content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
}
const doc = buildOpenApi(ROUTES, 'test') as unknown as { paths: Record<string, Record<string, Op>> };
const op = (method: string, path: string) => doc.paths[`/api/v1${path}`]?.[method];
const successSchema = (o: Op, status = '200') =>
  o.responses[status]!.content!['application/json'].schema as {
    properties: Record<string, Record<string, unknown>>;
    required?: string[];
  };

/** The REST surface for the bot, with the tag each is filed under and whether it is Admin-only. */
const SURFACE = [
  ['get', '/bot/settings', 'Bot', true],
  ['put', '/bot/settings', 'Bot', true],
  ['get', '/bot/categories', 'Bot', true],
  ['put', '/bot/categories', 'Bot', true],
  ['get', '/routing-rules', 'Routing', true],
  ['put', '/routing-rules', 'Routing', true],
  ['post', '/conversations/{id}/re-classify', 'Conversations', false],
  ['post', '/conversations/{id}/re-route', 'Conversations', false],
  ['post', '/conversations/{id}/generate-handoff-summary', 'Conversations', false],
  ['post', '/conversations/re-classify', 'Jobs', true],
  ['get', '/jobs/{id}', 'Jobs', false],
] as const;

describe('the bot in the OpenAPI document', () => {
  it.each(SURFACE)('%s %s is documented under %s (Admin only: %s)', (method, path, tag, admin) => {
    const o = op(method, path);
    expect(o).toBeDefined();
    expect(o!.tags).toEqual([tag]);
    expect(o!.description === 'Requires the Admin role.').toBe(admin);
    expect(o!.responses['403'] !== undefined).toBe(admin);
    expect(Object.keys(o!.responses)).toEqual(expect.arrayContaining(['400', '401', '404', '429', '503']));
  });

  it('documents the PUT bodies with the contracts’ schemas, and the refusals they may meet', () => {
    const put = op('put', '/bot/settings')!;
    const body = put.requestBody!.content['application/json'].schema as {
      properties: Record<string, { enum?: string[] }>;
      required: string[];
    };
    expect(put.requestBody!.required).toBe(true);
    expect(body.properties.language!.enum).toEqual([...BOT_LANGUAGES]);
    expect(body.required).toEqual(expect.arrayContaining(['enabled', 'intents', 'maxFallbacks']));
    expect(Object.keys(put.responses)).toEqual(expect.arrayContaining(['200', '409', '413', '415', '422']));
    expect(Object.keys(op('put', '/routing-rules')!.responses)).toContain('422');
    expect(Object.keys(op('put', '/bot/categories')!.responses)).toContain('409');
  });

  it('says how much training text a PUT document may hold', () => {
    const property = (path: string, name: string) =>
      (
        op('put', path)!.requestBody!.content['application/json'].schema as {
          properties: Record<string, { description?: string }>;
        }
      ).properties[name]!.description;
    expect(property('/bot/settings', 'intents')).toContain('at most 500,000 characters of examples in all');
    expect(property('/bot/categories', 'data')).toContain('at most 500,000 characters in all');
    expect(op('put', '/bot/settings')!.summary).toContain('at most 500,000 characters');
  });

  it('answers documents with their update time', () => {
    for (const path of ['/bot/settings', '/bot/categories', '/routing-rules'])
      expect(successSchema(op('get', path)!).properties.updatedAt).toBeDefined();
  });

  it('starts a re-classify job with 202 and its scope', () => {
    const start = op('post', '/conversations/re-classify')!;
    expect(Object.keys(start.responses)).toContain('202');
    expect(start.responses['200']).toBeUndefined();
    expect(successSchema(start, '202').required).toEqual(
      expect.arrayContaining(['id', 'status', 'progress', 'result', 'finishedAt']),
    );
    const body = start.requestBody!.content['application/json'].schema as {
      properties: { scope: { enum: string[] } };
    };
    expect(body.properties.scope.enum).toEqual([...RECLASSIFY_SCOPES]);
  });

  it('puts POST /conversations/re-classify before the routes of one conversation', () => {
    const at = (method: string, path: string) =>
      ROUTES.findIndex((r) => r.method === method && r.path === path);
    expect(at('post', '/conversations/re-classify')).toBeGreaterThanOrEqual(0);
    expect(at('post', '/conversations/re-classify')).toBeLessThan(at('get', '/conversations/:id'));
  });
});
