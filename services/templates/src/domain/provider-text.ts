/** A UTF-16 surrogate without its partner: not a character, and refused by PostgreSQL's JSON. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const REPLACEMENT = '\uFFFD';

/**
 * The value with every string in it (keys too) made storable: NUL characters and lone surrogates
 * become U+FFFD. Text WhatsApp lists is stored as it arrives; one template with such a character
 * must not make PostgreSQL refuse, and so fail, a whole sync (as the inbox's withoutNul does for
 * inbound messages).
 */
export function storableText<T>(value: T): T {
  if (typeof value === 'string')
    return value.replaceAll('\u0000', REPLACEMENT).replace(LONE_SURROGATE, REPLACEMENT) as T;
  if (Array.isArray(value)) return value.map(storableText) as T;
  if (value && typeof value === 'object' && !(value instanceof Date))
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [storableText(k), storableText(v)])) as T;
  return value;
}
