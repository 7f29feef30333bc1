import type { z } from 'zod';
import { invalidParameter } from './graph-errors';
import { CONTENT_SCHEMAS, INTERACTIVE_SCHEMAS, envelopeSchema, markReadSchema } from './send-schemas';

export type ParsedRequest =
  | { kind: 'read'; messageId: string }
  | { kind: 'send'; to: string; type: string; body: Record<string, unknown> };

/** `text['body']`, `interactive['action']['buttons'][0]`: the way Graph names a parameter. */
export function paramName(path: readonly PropertyKey[]): string {
  return path
    .map((key, i) => (i === 0 ? String(key) : typeof key === 'number' ? `[${key}]` : `['${String(key)}']`))
    .join('');
}

function describe(issue: z.core.$ZodIssue): string {
  const name = paramName(issue.path);
  if ((issue.code === 'invalid_type' || issue.code === 'invalid_value') && issue.input === undefined) {
    return `The parameter ${name} is required.`;
  }
  switch (issue.code) {
    case 'invalid_type':
      return `Param ${name} must be of type ${issue.expected}.`;
    case 'too_big':
      return issue.origin === 'string'
        ? `Param ${name} must be at most ${issue.maximum} characters long.`
        : issue.origin === 'array'
          ? `Param ${name} must have at most ${issue.maximum} items.`
          : `Param ${name} must be at most ${issue.maximum}.`;
    case 'too_small':
      return issue.origin === 'string'
        ? `Param ${name} must be at least ${issue.minimum} characters long.`
        : issue.origin === 'array'
          ? `Param ${name} must have at least ${issue.minimum} items.`
          : `Param ${name} must be at least ${issue.minimum}.`;
    case 'invalid_value':
      return `Param ${name} must be one of {${issue.values.map(String).join(', ')}}.`;
    case 'unrecognized_keys':
      return `Unexpected key "${issue.keys[0]}" on param "${name}".`;
    case 'invalid_union':
      return `Param ${name} is not valid: check its 'type' and fields.`;
    case 'invalid_format':
      return `Param ${name} must be a valid ${issue.format === 'url' ? 'http(s) URL' : issue.format}.`;
    default:
      return `Param ${name} ${issue.message}.`;
  }
}

function check<T>(schema: z.ZodType<T>, value: unknown, prefix: PropertyKey[]): T {
  const result = schema.safeParse(value, { reportInput: true });
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  throw invalidParameter(describe({ ...issue, path: [...prefix, ...issue.path] }));
}

/** Validates a messages request (a send of a supported type, or a mark-as-read); throws a GraphError. */
export function parseSendRequest(raw: unknown): ParsedRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw invalidParameter('The parameter messaging_product is required.');
  }
  const body = raw as Record<string, unknown>;
  if (body.status !== undefined) {
    const read = check(markReadSchema, body, []);
    return { kind: 'read', messageId: read.message_id };
  }
  const envelope = check(envelopeSchema, body, []);
  const type = envelope.type;
  const schema = CONTENT_SCHEMAS[type];
  if (type === 'interactive') {
    const interactive = body.interactive as { type?: unknown } | undefined;
    if (interactive === undefined) throw invalidParameter('The parameter interactive is required.');
    const kind = String(interactive.type);
    const interactiveSchema = INTERACTIVE_SCHEMAS[kind];
    if (!interactiveSchema) {
      throw invalidParameter(
        `Param interactive['type'] must be one of {${Object.keys(INTERACTIVE_SCHEMAS).join(', ')}}.`,
      );
    }
    check(interactiveSchema, interactive, ['interactive']);
  } else if (schema) {
    check(schema, body[type], [type]);
  } else {
    const known = [...Object.keys(CONTENT_SCHEMAS), 'interactive'].join(', ');
    throw invalidParameter(`Param type must be one of {${known}}.`);
  }
  return { kind: 'send', to: envelope.to, type, body };
}
