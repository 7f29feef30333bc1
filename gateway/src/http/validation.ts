import type { z } from 'zod';
import type { FieldError } from '@inbox/platform';
import { HttpProblem } from './problem';

type Part = 'body' | 'query' | 'path';

/** `['weeklyHours', 0, 'start']` → `weeklyHours[0].start`, the path format services use too. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  );
}

/** Body field paths are bare (`email`); query and path ones are prefixed (`query.limit`, `path.id`). */
const fieldPath = (part: Part, path: ReadonlyArray<PropertyKey>) => {
  const text = formatPath(path);
  const prefix = part === 'body' ? '' : part;
  return prefix && text ? `${prefix}.${text}` : prefix || text || '(body)';
};

/*
 * No identifier, query value or name has a use for control characters, and PostgreSQL refuses NUL
 * in text (a 500 wherever a service forgot to map it). Free text in a body may hold line breaks
 * and tabs; nothing else below U+0020, and no DEL.
 */
const CONTROL_IN_LINE = /[\u0000-\u001f\u007f]/;
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
/*
 * JSON may escape half of a surrogate pair (`"\ud800"`): not a character, not valid UTF-8, and
 * refused by PostgreSQL (or stored as U+FFFD) — after WhatsApp may already have been called.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const LONE_SURROGATE_MESSAGE = 'Unpaired UTF-16 surrogates are not allowed';

/** No request of this API nests deeper; JSON nested 100,000 levels would overflow a recursive walk. */
const MAX_DEPTH = 32;

/** Why a string of a request part is refused, if it is. */
function refusal(text: string, forbidden: RegExp, what: string): string | undefined {
  if (forbidden.test(text)) return `Control characters are not allowed${what}`;
  if (LONE_SURROGATE.test(text)) return `${LONE_SURROGATE_MESSAGE}${what}`;
  return undefined;
}

/**
 * Every string (and object key) of a request part that holds a forbidden control character or a
 * lone surrogate; too deep a nesting.
 */
export function forbiddenCharacterErrors(value: unknown, part: Part): FieldError[] {
  const forbidden = part === 'body' ? CONTROL_IN_TEXT : CONTROL_IN_LINE;
  const errors: FieldError[] = [];
  const walk = (v: unknown, path: PropertyKey[]) => {
    if (errors.length >= 20) return;
    if (path.length > MAX_DEPTH) {
      errors.push({
        path: fieldPath(part, path.slice(0, 3)),
        message: `Nested deeper than ${MAX_DEPTH} levels`,
      });
      return;
    }
    if (typeof v === 'string') {
      const message = refusal(v, forbidden, '');
      if (message) errors.push({ path: fieldPath(part, path), message });
    } else if (Array.isArray(v)) {
      v.forEach((item, i) => walk(item, [...path, i]));
    } else if (typeof v === 'object' && v !== null) {
      for (const [key, item] of Object.entries(v)) {
        const message = refusal(key, CONTROL_IN_LINE, ' in names');
        if (message) errors.push({ path: fieldPath(part, path), message });
        else walk(item, [...path, key]);
      }
    }
  };
  walk(value, []);
  return errors;
}

const invalidPart = (part: Part, errors: FieldError[]) =>
  new HttpProblem({
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: `The request ${part} is invalid`,
    errors,
  });

/**
 * Parses one part of the request. Control characters and lone surrogates are refused in every
 * part, even one the route declares no schema for (an ignored query parameter included): one rule
 * for the whole API.
 */
export function parsePart<T>(schema: z.ZodType<T> | undefined, value: unknown, part: Part): T {
  const refused = forbiddenCharacterErrors(value, part);
  if (refused.length > 0) throw invalidPart(part, refused);
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw invalidPart(
    part,
    result.error.issues.map((issue) => ({ path: fieldPath(part, issue.path), message: issue.message })),
  );
}
