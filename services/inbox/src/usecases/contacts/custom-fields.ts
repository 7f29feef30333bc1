import { CUSTOM_FIELD_LIMITS } from '@inbox/contracts';
import { invalid } from '@inbox/platform';

export type CustomFields = Record<string, string | number | boolean | null>;

const fail = (path: string, message: string) => invalid('VALIDATION_FAILED', message, [{ path, message }]);

/** A flat JSON object: at most 50 keys of up to 64 characters, each a string, number, boolean or null. */
export function parseCustomFields(value: unknown): CustomFields {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw fail('customFields', 'Must be a JSON object');
  const entries = Object.entries(value);
  if (entries.length > CUSTOM_FIELD_LIMITS.keys)
    throw fail('customFields', `At most ${CUSTOM_FIELD_LIMITS.keys} fields`);
  for (const [key, field] of entries) {
    const path = `customFields.${key}`;
    if (key.length === 0 || key.length > CUSTOM_FIELD_LIMITS.keyLength)
      throw fail(path, `Field names have 1 to ${CUSTOM_FIELD_LIMITS.keyLength} characters`);
    if (typeof field === 'string' && field.length > CUSTOM_FIELD_LIMITS.stringLength)
      throw fail(path, `At most ${CUSTOM_FIELD_LIMITS.stringLength} characters`);
    const flat =
      field === null ||
      typeof field === 'string' ||
      typeof field === 'boolean' ||
      (typeof field === 'number' && Number.isFinite(field));
    if (!flat) throw fail(path, 'Must be a string, number, boolean or null');
  }
  return value as CustomFields;
}

/** customFieldsJson as it travels over gRPC. */
export function customFieldsFromJson(json: string): CustomFields {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw fail('customFields', 'Must be a JSON object');
  }
  return parseCustomFields(value);
}
