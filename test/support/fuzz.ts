/**
 * Hostile input built from JSON Schemas (the OpenAPI document's), driven by a seeded PRNG so a
 * failure reproduces with the same FUZZ_SEED.
 */
export type Random = () => number;

/** mulberry32: small, fast and good enough to pick test cases. */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** Strings that have broken servers: control characters, encodings, sizes, injections, edge dates. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0008\u001b[31m\u001f',
  'tab\there',
  'line\r\nbreak',
  '\u007f',
  '\u2028\u2029',
  '\u202eevil',
  '\u200b',
  '\ufeffbom',
  '\ud800',
  'x\udfffy',
  '💩'.repeat(300),
  'x'.repeat(5_000),
  'ÅÄÖ ñ 中文 العربية',
  "'; drop table users; --",
  '%',
  '%00',
  '../../../etc/passwd',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '0',
  '-1',
  '9'.repeat(400),
  '1e309',
  'NaN',
  'null',
  'true',
  '\\',
  '"',
  '2026-13-45T99:99:99Z',
  '0000-00-00T00:00:00Z',
  '-infinity',
  '00000000-0000-0000-0000-000000000000',
  '019a0000-0000-7000-8000-000000000000',
  'me',
  'none',
  '__proto__',
];

/** Values of the wrong type for any field. */
export const HOSTILE_VALUES: readonly unknown[] = [
  null,
  true,
  false,
  0,
  -1,
  1.5,
  2 ** 53 + 2,
  1e308,
  -1e308,
  [],
  [null],
  {},
  { __proto__: { admin: true } },
  ['x'.repeat(1000)],
  Array.from({ length: 1000 }, (_, i) => i),
];

/** Path segments sent as they are, not encoded: broken escapes and dot segments. */
export const RAW_PATH_SEGMENTS: readonly string[] = [
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
  '..',
  '.',
  '%2F',
  'a%2Fb',
  '%25',
];

export const hostileValue = (random: Random): unknown =>
  random() < 0.65 ? pick(random, HOSTILE_STRINGS) : pick(random, HOSTILE_VALUES);

/** A JSON Schema as zod emits it (the subset the gateway's document uses). */
export interface Schema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  minLength?: number;
  minimum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
}

const FORMATS: Record<string, string> = {
  email: 'fuzz@example.com',
  'date-time': '2030-01-01T00:00:00.000Z',
  date: '2030-01-01',
  uri: 'https://example.com/x',
};

/**
 * A value the schema probably accepts, so a single mutation reaches past the first check. `idFor`
 * offers real ids for fields named like ids.
 */
export function sample(
  schema: Schema | undefined,
  random: Random,
  idFor: (field: string) => string | undefined,
  field = '',
): unknown {
  if (!schema) return undefined;
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants)
    return sample(
      pick(
        random,
        variants.filter((v) => v.type !== 'null'),
      ) ?? variants[0],
      random,
      idFor,
      field,
    );
  if (schema.allOf) return sample(schema.allOf[0], random, idFor, field);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return pick(random, schema.enum);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'string':
      return idFor(field) ?? FORMATS[schema.format ?? ''] ?? 'fuzz'.padEnd(schema.minLength ?? 4, 'z');
    case 'integer':
    case 'number':
      return Math.max(1, schema.minimum ?? 1, (schema.exclusiveMinimum ?? 0) + 1);
    case 'boolean':
      return random() < 0.5;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () =>
        sample(schema.items, random, idFor, field),
      );
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [name, property] of Object.entries(schema.properties ?? {}))
        if ((schema.required ?? []).includes(name) || random() < 0.5)
          out[name] = sample(property, random, idFor, name);
      return out;
    }
    default:
      return schema.default ?? 'fuzz';
  }
}

/** Replaces one value somewhere inside `value` (possibly the whole of it), or adds an unknown field. */
export function mutate(value: unknown, random: Random): unknown {
  const roll = random();
  if (roll < 0.12) return hostileValue(random);
  if (Array.isArray(value) && value.length > 0) {
    const copy = [...value];
    const i = Math.floor(random() * copy.length);
    copy[i] = mutate(copy[i], random);
    return copy;
  }
  if (typeof value === 'object' && value !== null) {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    if (keys.length === 0 || roll < 0.25)
      copy[pick(random, ['unknownField', 'id', 'orgId', 'role', '__proto__', 'a\u0000b'])] =
        hostileValue(random);
    else if (roll < 0.35) delete copy[pick(random, keys)];
    else {
      const key = pick(random, keys);
      copy[key] = mutate(copy[key], random);
    }
    return copy;
  }
  return hostileValue(random);
}

/** JSON nested deeper than any parser should be asked to walk recursively. */
export const deeplyNested = (depth: number) => `{"a":${'['.repeat(depth)}${']'.repeat(depth)}}`;
