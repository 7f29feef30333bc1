import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { assertDocumented } from './openapi-check';

/** A tiny "gateway" that serves a document with one operation, to show what the e2e check refuses. */
const document = {
  openapi: '3.1.0',
  paths: {
    '/api/v1/things/{id}': {
      get: {
        responses: {
          '200': {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
              },
            },
          },
          '404': {
            content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
          },
        },
      },
    },
  },
  components: {
    schemas: {
      Problem: { type: 'object', required: ['status', 'code'], properties: { status: { type: 'integer' } } },
    },
  },
};

let server: http.Server;
let base: string;
beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(document));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

// A getter: the table rows are built before the server has a port.
const answer = (status: number, contentType: string, body: unknown, path = '/things/7') => ({
  method: 'GET',
  get url() {
    return `${base}${path}`;
  },
  status,
  contentType,
  body,
});

it('accepts documented answers', async () => {
  await expect(assertDocumented(base, answer(200, 'application/json', { id: '7' }))).resolves.toBeUndefined();
  await expect(
    assertDocumented(base, answer(404, 'application/problem+json', { status: 404, code: 'NOT_FOUND' })),
  ).resolves.toBeUndefined();
});

it.each([
  [
    'an undocumented status',
    answer(409, 'application/problem+json', { status: 409, code: 'CONFLICT' }),
    /does not list/,
  ],
  ['a body that does not match', answer(200, 'application/json', { name: 'x' }), /does not match.*id/],
  ['an error that is not a problem document', answer(404, 'text/html', 'Not found'), /the document says/],
  ['a problem document without its code', answer(404, 'application/problem+json', { status: 404 }), /code/],
  [
    'an operation the document lacks',
    answer(200, 'application/json', {}, '/elsewhere'),
    /not in the OpenAPI document/,
  ],
])('refuses %s', async (_name, observed, message) => {
  await expect(assertDocumented(base, observed)).rejects.toThrow(message);
});
