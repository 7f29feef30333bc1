import {
  deeplyNested,
  hostileValue,
  mutate,
  pick,
  RAW_PATH_SEGMENTS,
  sample,
  type Random,
  type Schema,
} from './fuzz';

/** The parts of an OpenAPI operation the fuzz test builds requests from. */
export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  schema: Schema;
}
export interface Operation {
  parameters?: Parameter[];
  security?: Array<Record<string, unknown>>;
  requestBody?: { content: Record<string, { schema: Schema }> };
}
export interface FuzzRequest {
  method: string;
  path: string;
  body?: unknown;
  rawBody?: string;
  headers?: Record<string, string>;
}

/** Lone surrogates cannot be percent-encoded; UTF-8 round trip turns them into U+FFFD. */
const wellFormed = (text: string) => Buffer.from(text, 'utf8').toString('utf8');

/**
 * Builds one hostile request for an operation. `pools` holds real ids by collection (`users`,
 * `conversations`, …): hostile values next to real ones reach past the first lookup.
 */
export function requestBuilder(pools: Map<string, string[]>) {
  /** The collection a path parameter points into: `/teams/{id}/members/{userId}` → teams, users. */
  function poolFor(template: string, param: string): string[] {
    const named: Record<string, string> = {
      userId: 'users',
      tagId: 'tags',
      conversationId: 'conversations',
      waId: 'contacts',
      // /templates/{name}/send: template names, not ids.
      name: 'template-names',
    };
    if (named[param]) return pools.get(named[param]) ?? [];
    const segments = template.split('/');
    const before = segments[segments.indexOf(`{${param}}`) - 1];
    return pools.get(before) ?? [];
  }

  const idForField = (random: Random) => (field: string) => {
    const collection = {
      userId: 'users',
      assignedTo: 'users',
      teamId: 'teams',
      tagId: 'tags',
      tagIds: 'tags',
      conversationId: 'conversations',
    }[field];
    const pool = collection ? pools.get(collection) : undefined;
    return pool && pool.length > 0 && random() < 0.8 ? pick(random, pool) : undefined;
  };

  function pathValue(random: Random, template: string, param: string): string {
    const real = poolFor(template, param);
    const roll = random();
    if (roll < 0.45 && real.length > 0) return encodeURIComponent(pick(random, real));
    if (roll < 0.6) return pick(random, RAW_PATH_SEGMENTS);
    const value = hostileValue(random);
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    return encodeURIComponent(wellFormed(text)).slice(0, 6_000) || 'x';
  }

  function queryString(random: Random, parameters: Parameter[]): string {
    const parts: string[] = [];
    const idFor = idForField(random);
    for (const p of parameters) {
      const roll = random();
      if (roll < 0.3) continue;
      const value = roll < 0.6 ? sample(p.schema, random, idFor, p.name) : hostileValue(random);
      const text = typeof value === 'string' ? value : JSON.stringify(value);
      parts.push(`${encodeURIComponent(p.name)}=${encodeURIComponent(wellFormed(String(text)))}`);
      if (random() < 0.1) parts.push(`${encodeURIComponent(p.name)}=again`); // a repeated parameter is an array
    }
    if (random() < 0.2)
      parts.push(pick(random, ['unknown=1', 'a=%', 'a=%zz', 'a[b]=1', '__proto__=x', 'x=%00']));
    return parts.length > 0 ? `?${parts.join('&')}` : '';
  }

  function bodyFor(random: Random, operation: Operation): Pick<FuzzRequest, 'body' | 'rawBody' | 'headers'> {
    const json = operation.requestBody?.content['application/json'];
    const roll = random();
    if (roll < 0.04) return { rawBody: '{"broken": ', headers: { 'content-type': 'application/json' } };
    if (roll < 0.07)
      return { rawBody: deeplyNested(100_000), headers: { 'content-type': 'application/json' } };
    if (roll < 0.09) return { rawBody: 'x', headers: { 'content-type': 'text/plain' } };
    if (roll < 0.11) return { body: { text: 'x'.repeat(1_100_000) } };
    if (!json) return random() < 0.3 ? { body: { unexpected: hostileValue(random) } } : {};
    const valid = sample(json.schema, random, idForField(random));
    return { body: random() < 0.1 ? valid : mutate(valid, random) };
  }

  function buildCase(random: Random, template: string, method: string, operation: Operation): FuzzRequest {
    const parameters = operation.parameters ?? [];
    let path = template.replace('/api/v1', '');
    for (const p of parameters.filter((x) => x.in === 'path'))
      path = path.replace(`{${p.name}}`, pathValue(random, template, p.name));
    path += queryString(
      random,
      parameters.filter((x) => x.in === 'query'),
    );
    return { method: method.toUpperCase(), path, ...bodyFor(random, operation) };
  }

  return buildCase;
}
