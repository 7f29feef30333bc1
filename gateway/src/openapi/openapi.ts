import { z } from 'zod';
import type { RouteSpec } from '../routes/route';
import { answeredStatuses } from './statuses';

const problem = {
  description: 'Problem details (RFC 9457)',
  content: {
    'application/problem+json': {
      schema: { $ref: '#/components/schemas/Problem' },
    },
  },
};

const problemSchema = z.toJSONSchema(
  z
    .object({
      type: z.string(),
      title: z.string(),
      status: z.number().int(),
      detail: z.string(),
      code: z.string().describe('stable machine code, e.g. VALIDATION_FAILED, NOT_FOUND, INVALID_TRANSITION'),
      errors: z.array(z.object({ path: z.string(), message: z.string() })),
      errorId: z.string().optional(),
      // Extension members some codes add (a service's DomainError details.members).
      nextEditAllowedAt: z
        .string()
        .optional()
        .describe(
          'EDIT_LIMIT only: when the template may next be edited (ISO 8601); the answer also has Retry-After',
        ),
      editLimit: z
        .enum(['24_HOURS', '30_DAYS'])
        .optional()
        .describe(
          'EDIT_LIMIT only: which of WhatsApp’s limits applies (1 edit per 24 hours, 10 per 30 days)',
        ),
    })
    // RFC 9457 lets a problem carry extension members: a client ignores the ones it does not know.
    .loose()
    .describe(
      'Problem details (RFC 9457). Some codes add extension members (documented here with the code ' +
        'they belong to); a code with a time to wait for also sends Retry-After.',
    ),
);

/** JSON Schema of a zod schema, as the request sees it (input) or the client receives it (output). */
function jsonSchema(schema: z.ZodType, io: 'input' | 'output') {
  const { $schema: _drop, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<
    string,
    unknown
  >;
  return rest;
}

function parameters(spec: RouteSpec) {
  const out: object[] = [];
  for (const [where, schema] of [
    ['path', spec.params],
    ['query', spec.query],
  ] as const) {
    if (!schema) continue;
    const json = jsonSchema(schema, 'input') as { properties?: Record<string, object>; required?: string[] };
    for (const [name, property] of Object.entries(json.properties ?? {})) {
      out.push({
        name,
        in: where,
        required: where === 'path' || (json.required ?? []).includes(name),
        schema: property,
      });
    }
  }
  return out;
}

function security(spec: RouteSpec) {
  if (spec.access === 'public') return [];
  if (spec.access === 'platform') return [{ platformToken: [] }];
  return [{ bearerAuth: [] }, { apiKey: [] }];
}

/** The success answer: JSON by its schema, a streamed file, or nothing. */
function success(spec: RouteSpec) {
  const status = spec.status ?? 200;
  if (status === 204) return { description: 'Done' };
  if (spec.response)
    return {
      description: 'OK',
      content: { 'application/json': { schema: jsonSchema(spec.response, 'output') } },
    };
  if (spec.proxy?.responseType)
    return {
      description: 'The file',
      content: Object.fromEntries(
        [spec.proxy.responseType]
          .flat()
          .map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
      ),
    };
  return { description: 'Done' };
}

function responses(spec: RouteSpec): Record<string, object> {
  const out: Record<string, object> = { [String(spec.status ?? 200)]: success(spec) };
  for (const status of answeredStatuses(spec))
    out[String(status)] = status === 304 ? { description: 'Not modified (If-None-Match)' } : problem;
  return out;
}

function requestBody(spec: RouteSpec) {
  if (spec.body)
    return {
      // A body schema that accepts nothing at all (defaults) makes the body optional.
      required: !spec.body.safeParse(undefined).success,
      content: { 'application/json': { schema: jsonSchema(spec.body, 'input') } },
    };
  if (spec.proxy?.requestBody)
    return {
      required: true,
      description: spec.proxy.requestBody.description,
      content: {
        [spec.proxy.requestBody.contentType]: { schema: jsonSchema(spec.proxy.requestBody.fields, 'input') },
      },
    };
  return undefined;
}

/** OpenAPI 3.1, generated from the route table the gateway serves, so the two cannot drift. */
export function buildOpenApi(routes: RouteSpec[], version: string) {
  const paths: Record<string, Record<string, object>> = {};
  for (const spec of routes) {
    const path = `/api/v1${spec.path.replace(/:(\w+)/g, '{$1}')}`;
    const body = requestBody(spec);
    paths[path] ??= {};
    paths[path][spec.method] = {
      summary: spec.summary,
      tags: [spec.tag],
      ...(spec.access === 'admin' ? { description: 'Requires the Admin role.' } : {}),
      operationId: `${spec.method}${spec.path.replace(/[/:-](\w)/g, (_m, c: string) => c.toUpperCase())}`,
      security: security(spec),
      parameters: parameters(spec),
      ...(body ? { requestBody: body } : {}),
      responses: responses(spec),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Inbox and bot messaging API',
      version,
      description:
        'Multi-user WhatsApp inbox and customer-experience bot. Authenticate with `Authorization: Bearer <token>` from POST /auth/login, or `X-API-Key`. No path, query or body value may contain a control character (U+0000–U+001F, U+007F), except tab and line breaks in body strings: such a request is a 400.',
    },
    servers: [{ url: '/' }],
    components: {
      securitySchemes: {
        bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        platformToken: { type: 'http', scheme: 'bearer', description: 'PLATFORM_TOKEN of the deployment' },
      },
      schemas: { Problem: problemSchema },
    },
    paths: { ...paths, ...WEBHOOK_PATHS },
  };
}

/** The platform's webhook endpoints: no Authorization, the signature is the authentication. */
const WEBHOOK_PATHS = {
  '/api/v1/webhooks/whatsapp': {
    get: {
      summary:
        'Subscription handshake: answers hub.challenge when hub.verify_token matches WHATSAPP_VERIFY_TOKEN',
      tags: ['Webhooks'],
      security: [],
      parameters: ['hub.mode', 'hub.verify_token', 'hub.challenge'].map((name) => ({
        name,
        in: 'query',
        required: true,
        schema: { type: 'string' },
      })),
      responses: { '200': { description: 'The challenge, as text' }, '403': problem },
    },
    post: {
      summary:
        'WhatsApp Cloud API webhooks: checked against X-Hub-Signature-256, queued durably, then acknowledged',
      tags: ['Webhooks'],
      security: [],
      parameters: [{ name: 'X-Hub-Signature-256', in: 'header', required: true, schema: { type: 'string' } }],
      requestBody: { required: true, content: { 'application/json': { schema: { type: 'object' } } } },
      responses: {
        '200': { description: 'Queued' },
        '400': problem,
        '401': problem,
        '413': problem,
        '503': problem,
      },
    },
  },
};
