/** A number token: sign, digits, fraction, exponent. */
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * JSON.parse, except that integers beyond 2^53 come out as strings of their digits. Meta sends
 * ids as JSON numbers (`message_template_id` in template webhooks); a double would silently
 * round a large one to another template's id. Safe integers and every other value parse as usual.
 */
export function parseJsonKeepingLargeIntegers(text: string): unknown {
  // Fast path: no run of 16 digits, so no integer beyond 2^53 (9,007,199,254,740,991).
  if (!/\d{16}/.test(text)) return JSON.parse(text);
  const out: string[] = [];
  let from = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) {
      inString = true;
      continue;
    }
    if (c !== 0x2d && (c < 0x30 || c > 0x39)) continue;
    NUMBER.lastIndex = i;
    const token = NUMBER.exec(text)?.[0];
    if (!token) continue; // not a number here: JSON.parse reports it
    if (/^-?\d+$/.test(token) && !Number.isSafeInteger(Number(token))) {
      out.push(text.slice(from, i), `"${token}"`);
      from = i + token.length;
    }
    i += token.length - 1;
  }
  out.push(text.slice(from));
  return JSON.parse(out.join(''));
}
