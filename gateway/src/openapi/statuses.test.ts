import { z } from 'zod';
import { ROUTES } from '../routes';
import { route } from '../routes/route';
import { buildOpenApi } from './openapi';
import { answeredStatuses } from './statuses';

const base = { summary: 's', tag: 't', handler: async () => ({}) };

describe('the statuses every route documents without naming them', () => {
  it.each([
    [
      'a public body route',
      route({ ...base, method: 'post', path: '/a', access: 'public', body: z.object({}) }),
      [400, 409, 413, 415, 429, 503, 504],
    ],
    [
      'a signed-in read',
      route({ ...base, method: 'get', path: '/b', access: 'user' }),
      [400, 401, 404, 429, 503, 504],
    ],
    [
      'an Admin write',
      route({ ...base, method: 'delete', path: '/c/:id', access: 'admin' }),
      [400, 401, 403, 404, 409, 429, 503, 504],
    ],
    [
      'an upload streamed to a service',
      route({
        ...base,
        method: 'post',
        path: '/d',
        access: 'user',
        proxy: {
          to: 'inbox',
          path: () => '/x',
          requestBody: {
            contentType: 'multipart/form-data',
            description: 'file',
            fields: z.object({ file: z.file() }),
          },
        },
      }),
      [400, 401, 404, 409, 413, 415, 429, 503, 504],
    ],
    [
      'a health probe that names its own 503',
      route({ ...base, method: 'get', path: '/e', access: 'public', unlimited: true, answers: [503] }),
      [400, 503],
    ],
  ])('%s', (_name, spec, statuses) => expect(answeredStatuses(spec)).toEqual(statuses));
});

describe('the served document', () => {
  const doc = buildOpenApi(ROUTES, 'test') as unknown as {
    paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
  };
  const statuses = (path: string, method: string) =>
    Object.keys(doc.paths[`/api/v1${path}`][method].responses);

  it.each([
    ['/auth/login', 'post', ['401', '413', '415', '429']],
    ['/auth/refresh', 'post', ['401']],
    ['/users/{id}/status', 'patch', ['403', '413']],
    ['/quick-replies/{id}/media', 'get', ['304', '401', '404']],
    ['/conversations/{id}/messages/media', 'post', ['413', '415']],
  ])('%s %s lists %j', (path, method, expected) =>
    expect(statuses(path, method)).toEqual(expect.arrayContaining(expected)),
  );

  it('lists 413 and 415 only where the route takes a body', () => {
    expect(statuses('/users', 'get')).not.toContain('413');
    expect(statuses('/conversations/{id}/takeover', 'post')).not.toContain('415');
  });
});
