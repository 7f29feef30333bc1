import type { z } from 'zod';
import type { FieldError } from '@inbox/platform';
import { HttpProblem } from './problem';

/** `['weeklyHours', 0, 'start']` → `weeklyHours[0].start`, the path format services use too. */
export function formatPath(path: ReadonlyArray<PropertyKey>): string {
  return path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  );
}

/**
 * Parses one part of the request. Body field paths are bare (`email`); query and path parameters
 * are prefixed (`query.limit`, `path.id`) so a client knows where to look.
 */
export function parsePart<T>(
  schema: z.ZodType<T> | undefined,
  value: unknown,
  part: 'body' | 'query' | 'path',
): T {
  if (!schema) return undefined as T;
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const errors: FieldError[] = result.error.issues.map((issue) => {
    const path = formatPath(issue.path);
    const prefix = part === 'body' ? '' : part;
    return {
      path: prefix && path ? `${prefix}.${path}` : prefix || path || '(body)',
      message: issue.message,
    };
  });
  throw new HttpProblem({
    status: 400,
    code: 'VALIDATION_FAILED',
    detail: `The request ${part === 'path' ? 'path' : part} is invalid`,
    errors,
  });
}
