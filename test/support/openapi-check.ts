import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/**
 * Checks every answer the e2e helper receives against the gateway's own OpenAPI document: the
 * status must be listed for the operation, and the body must match the schema listed for that
 * status and content type. It runs inside the request helper, so each jest worker checks its own
 * traffic and a drift fails the very test that caused it.
 */
interface Operation {
  responses: Record<string, { content?: Record<string, { schema?: object }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

interface Checker {
  check(answer: ObservedAnswer): string | undefined;
}

export interface ObservedAnswer {
  method: string;
  /** The full URL the request went to. */
  url: string;
  status: number;
  contentType: string;
  /** Parsed JSON when the answer was JSON, else the text. */
  body: unknown;
}

const checkers = new Map<string, Promise<Checker | null>>();

/** JSON pointer escaping for a path segment (`/api/v1/users` → `~1api~1v1~1users`). */
const pointer = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

/** Path templates ordered so literal segments win over parameters (`/conversations/counts` before `{id}`). */
function matcher(paths: string[]) {
  const templates = paths
    .map((template) => {
      const parts = template.split('/');
      const regex = new RegExp(
        `^${parts.map((p) => (/^\{.+\}$/.test(p) ? '[^/]+' : p.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))).join('/')}$`,
      );
      return { template, regex, literal: parts.filter((p) => !p.startsWith('{')).length };
    })
    .sort((a, b) => b.literal - a.literal);
  return (pathname: string) => templates.find((t) => t.regex.test(pathname))?.template;
}

function buildChecker(document: OpenApiDocument): Checker {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addFormat('binary', true);
  ajv.addSchema(document, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (ref: string) => {
    let validate = compiled.get(ref);
    if (!validate) compiled.set(ref, (validate = ajv.compile({ $ref: `openapi#${ref}` })));
    return validate;
  };
  const find = matcher(Object.keys(document.paths));

  return {
    check({ method, url, status, contentType, body }) {
      // Express routes `/users/` as `/users` (non-strict routing), and so does the document.
      const pathname = new URL(url).pathname.replace(/(.)\/$/, '$1');
      // The reference itself and its page are not operations of the API.
      if (/\/api\/v1\/(openapi\.json|docs(\/.*)?)$/.test(pathname)) return undefined;
      const template = find(pathname);
      const operation = template ? document.paths[template][method.toLowerCase()] : undefined;
      const where = `${method} ${pathname}${template ? ` (${template})` : ''}`;
      if (!operation) {
        // Not an operation of the API: the catch-all answers a 404 problem document.
        if (status === 404 && contentType === 'application/problem+json') return undefined;
        return `${where} is not in the OpenAPI document, yet answered ${status}`;
      }
      const response = operation.responses[String(status)];
      if (!response) return `${where} answered ${status}, which the OpenAPI document does not list`;
      const hasBody = body !== '' && body !== undefined;
      if (!response.content) {
        return hasBody ? `${where} answered ${status} with a body the document does not describe` : undefined;
      }
      if (!(contentType in response.content))
        return `${where} answered ${status} as ${contentType || 'no content type'}; the document says ${Object.keys(response.content).join(', ')}`;
      if (!contentType.includes('json')) return undefined;
      const ref = `/paths/${pointer(template!)}/${method.toLowerCase()}/responses/${status}/content/${pointer(contentType)}/schema`;
      const validate = validatorFor(ref);
      if (validate(body)) return undefined;
      return `${where} answered ${status} with a body that does not match the document: ${ajv.errorsText(validate.errors, { dataVar: 'body' })}`;
    },
  };
}

/** The document the gateway at `baseUrl` serves; null when `baseUrl` is not a gateway. */
function checkerFor(baseUrl: string): Promise<Checker | null> {
  let checker = checkers.get(baseUrl);
  if (!checker) {
    checker = fetch(`${baseUrl}/openapi.json`).then(async (res) => {
      if (res.status === 404) return null;
      if (!res.ok) throw new Error(`OpenAPI document: ${res.status}`);
      return buildChecker((await res.json()) as OpenApiDocument);
    });
    checkers.set(baseUrl, checker);
  }
  return checker;
}

/** Throws when the answer is not what the OpenAPI document of the gateway at `baseUrl` promises. */
export async function assertDocumented(baseUrl: string, answer: ObservedAnswer): Promise<void> {
  const checker = await checkerFor(baseUrl);
  const problem = checker?.check(answer);
  if (problem) throw new Error(`OpenAPI drift: ${problem}`);
}
