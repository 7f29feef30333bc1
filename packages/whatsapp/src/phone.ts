import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

/** A phone number as we store and send it (E.164) and as WhatsApp most likely names its user (wa_id). */
export interface NormalizedPhone {
  /** `+` and digits, ITU form: Mexico without the old mobile `1`, Brazilian mobiles with the ninth digit. */
  e164: string;
  /** Digits only: our best guess of the `wa_id` WhatsApp reports for this number (see waIdOf). */
  waId: string;
}

/** Longer input is not a phone number in any notation; refuse it before any parsing. */
const MAX_INPUT = 40;
/** Digits with the separators people write: spaces, dashes, dots, parentheses; `+` only in front (or just inside a leading parenthesis: `(+52) …`). */
const NOTATION = /^\(?\+?[\d\s\-.()]+$/;
const SEPARATORS = /[\s\-.()]/g;

/**
 * E.164 and wa_id from common notations (`+52 1 55 1234 5678`, `0052 55-1234-5678`,
 * `(+55) 11 98765-4321`, `5215512345678`), or null when it cannot be a phone number. The country
 * code is required: digits without `+` or `00` are read as international, as WhatsApp writes them.
 */
export function normalizePhone(input: string): NormalizedPhone | null {
  if (typeof input !== 'string' || input.length > MAX_INPUT) return null;
  const written = input.trim();
  if (!NOTATION.test(written)) return null;
  let digits = written.replace(SEPARATORS, '');
  if (digits.startsWith('+')) digits = digits.slice(1);
  else if (digits.startsWith('00')) digits = digits.slice(2);
  if (!/^[1-9]\d{6,14}$/.test(digits)) return null;
  const parsed = parsePhoneNumberFromString(`+${withNinthDigit(withoutMexicanMobileOne(digits))}`);
  if (!parsed?.isValid()) return null;
  return { e164: parsed.number, waId: waIdOf(parsed.number) };
}

/**
 * Mexico dropped the `1` between `52` and a mobile number in 2019 (ITU form `+52` + 10 digits);
 * people and old address books still write `+52 1 …`. Both are the same number.
 */
const withoutMexicanMobileOne = (digits: string): string =>
  /^521\d{10}$/.test(digits) ? `52${digits.slice(3)}` : digits;

/**
 * Brazil put a `9` in front of every 8-digit mobile number (2012–2016): `+55 DD 8765-4321`
 * written the old way is `+55 DD 98765-4321`. Landlines (first digit 2–5) keep 8 digits.
 */
const withNinthDigit = (digits: string): string =>
  /^55\d{2}[6-9]\d{7}$/.test(digits) ? `${digits.slice(0, 4)}9${digits.slice(4)}` : digits;

/**
 * The wa_id WhatsApp most likely reports for an E.164 number. Not documented by Meta (REF §2:
 * "the commonly cited Mexico 521… and Brazil 9th-digit normalisations are unverified"), so this is
 * what integrators observe: Mexican users arrive as `521` + 10 digits; Brazilian mobiles keep the
 * ninth digit in area codes 11–28 and lack it from 31 on (accounts older than the ninth digit).
 * Match inbound messages with waIdVariants, and prefer the `wa_id` a send answer returns.
 */
export function waIdOf(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  if (/^52\d{10}$/.test(digits)) return `521${digits.slice(2)}`;
  const brazil = /^55(\d{2})9(\d{8})$/.exec(digits);
  if (brazil && Number(brazil[1]) >= 31) return `55${brazil[1]}${brazil[2]}`;
  return digits;
}

/**
 * Every wa_id WhatsApp may use for the same person, the given one first: Mexico with and without
 * the `1`, Brazilian mobiles with and without the ninth digit. Anything else is only itself.
 */
export function waIdVariants(waId: string): string[] {
  const mexicoShort = /^52(\d{10})$/.exec(waId);
  if (mexicoShort) return [waId, `521${mexicoShort[1]}`];
  const mexicoLong = /^521(\d{10})$/.exec(waId);
  if (mexicoLong) return [waId, `52${mexicoLong[1]}`];
  const brazilWithNine = /^55(\d{2})9(\d{8})$/.exec(waId);
  if (brazilWithNine) return [waId, `55${brazilWithNine[1]}${brazilWithNine[2]}`];
  const brazilWithoutNine = /^55(\d{2})([6-9]\d{7})$/.exec(waId);
  if (brazilWithoutNine) return [waId, `55${brazilWithoutNine[1]}9${brazilWithoutNine[2]}`];
  return [waId];
}
