/**
 * Details an agent looks for first in what a customer wrote: order numbers, e-mails, phones, dates
 * and amounts, in Spanish, English and Portuguese. Each value is given as the customer wrote it,
 * the first spelling of duplicates kept, in order of appearance.
 *
 * Kinds are extracted one after the other, and each match is masked before the next kind looks,
 * so one piece of text is never two kinds. The order is the heuristic:
 * e-mails → order numbers → dates → amounts → phones.
 *  - An order keyword ("pedido", "order", "#"…) or an upper-case code ("ABC-1234") decides
 *    "order number" before anything else, so "pedido 5512345678" is an order, not a phone.
 *  - Dates and amounts go before phones, so "2026-03-15 12:30" or "1.250.000,00" are not read as
 *    phone digits.
 *  - What is left is a phone only with a leading "+", 10 to 13 digits (a national number with
 *    its area code in MX, BR, US…), or 8+ digits right after a phone word ("cel", "tel"…). A bare
 *    5–9 digit number with no keyword stays unclassified: it could be a zip code, an order, an amount.
 */
export interface Entities {
  orderNumbers: string[];
  emails: string[];
  phones: string[];
  dates: string[];
  amounts: string[];
}

// JS's \b is ASCII-only: these stand for "not inside a word" with accented letters too.
const START = String.raw`(?<![\p{L}\p{N}_])`;
const END = String.raw`(?![\p{L}\p{N}_])`;
// Never a newline: a value does not run from one message line into the next.
const SP = '[ \\t]';

const EMAIL = new RegExp(
  String.raw`${START}[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}`,
  'gu',
);

const ORDER_WORDS = [
  'pedido',
  'orden',
  'order',
  'ordem',
  'encomenda',
  'compra',
  'folio',
  'gu[ií]a',
  'rastreo',
  'rastreio',
  'tracking',
  'ticket',
  'protocolo',
  'factura',
  'fatura',
  'invoice',
].join('|');
// What may stand between the keyword and the identifier: "pedido número: 123", "order no. 123",
// "pedido é 123", "order is 123". Not "de": "pedido de 500 pesos" is an amount.
const ORDER_FILLER = String.raw`(?:${SP}*(?:n[uú]mero|number|num\.?|no\.?|n[º°]\.?|nro\.?|is|es|é|:))*`;
const ORDER_ID = String.raw`#?(?=[\p{L}\p{N}-]*\p{N})[\p{L}\p{N}][\p{L}\p{N}-]{2,}`;
const CURRENCY_WORDS = 'pesos?|d[oó]lar(?:es)?|dollars?|reais|real|reales|euros?|bucks';
const ORDER_BY_KEYWORD = new RegExp(
  String.raw`${START}(?:${ORDER_WORDS})${END}${ORDER_FILLER}${SP}*(${ORDER_ID})${END}(?!${SP}*(?:${CURRENCY_WORDS})${END})`,
  'giu',
);
const ORDER_BY_HASH = new RegExp(
  String.raw`(?<![\p{L}\p{N}_&#])#${SP}?(?=[\p{L}\p{N}-]*\p{N})[\p{L}\p{N}][\p{L}\p{N}-]{2,}${END}`,
  'gu',
);
// "ABC-1234", "PED-2024-0001", "MX123456": upper case only (case-sensitive), so ordinary words
// never match; currency codes are amounts ("USD20").
const ORDER_CODE = new RegExp(
  String.raw`${START}(?!(?:USD|MXN|BRL|EUR|COP|ARS|CLP|PEN|GBP)\d)[A-Z]{2,5}-?\d{3,}(?:-[A-Z0-9]+)*${END}`,
  'gu',
);

const MONTHS_ES =
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre';
const MONTHS_PT =
  'janeiro|fevereiro|mar[cç]o|abril|maio|junho|julho|agosto|setembro|outubro|novembro|dezembro';
const MONTHS_EN =
  'january|february|march|april|may|june|july|august|september|october|november|december|jan|feb|mar|apr|jun|jul|aug|sept|sep|oct|nov|dec';
const DAY = String.raw`(?:3[01]|[12]\d|0?[1-9])`;
const MONTH = String.raw`(?:1[0-2]|0?[1-9])`;
// Day first (es, pt) or month first (en).
const DAY_MONTH = (sep: string) => `(?:${DAY}${sep}${MONTH}|${MONTH}${sep}${DAY})`;
const ORDINAL = '(?:st|nd|rd|th)?';
const DATE_PATTERNS = [
  // ISO 2026-03-15
  String.raw`(?<![\p{N}.,/-])\d{4}-${MONTH}-${DAY}(?![\p{N}/-])`,
  // 15/03/2026, 03/15/26, 15-03-2026, 15.03.2026 (the year is required with "-" or ".")
  ...['/', '-', '\\.'].map(
    (sep) => String.raw`(?<![\p{N}.,/-])${DAY_MONTH(sep)}${sep}(?:\d{4}|\d{2})(?![\p{N}/-])`,
  ),
  // 15/03 (only with "/": "10-12" is a range and "15.03" an amount more often than dates)
  String.raw`(?<![\p{N}.,/-])${DAY_MONTH('/')}(?![\p{N}/.,-])`,
  // 15 de marzo (de 2026), 15 de março, 1º de maio
  String.raw`${START}${DAY}[º°]?${SP}+de${SP}+(?:${MONTHS_ES}|${MONTHS_PT})(?:${SP}+(?:de|del)${SP}+\d{4})?${END}`,
  // March 15(th)(, 2026), Mar. 15
  String.raw`${START}(?:${MONTHS_EN})\.?${SP}+${DAY}${ORDINAL}(?:,?${SP}+\d{4})?${END}`,
  // 15(th) (of) March (2026)
  String.raw`${START}${DAY}${ORDINAL}${SP}+(?:of${SP}+)?(?:${MONTHS_EN})(?:,?${SP}+\d{4})?${END}`,
  // Relative days and weekdays, kept as written. "mañana" preceded by "la"/"esta" is the morning.
  String.raw`${START}(?:pasado${SP}+mañana|anteayer|antier|ayer|hoy|(?<!(?:la|esta)${SP}+)mañana|today|yesterday|tomorrow|hoje|ontem|anteontem|amanh[ãa])${END}`,
  String.raw`${START}(?:lunes|martes|mi[eé]rcoles|jueves|viernes|s[aá]bado|domingo|monday|tuesday|wednesday|thursday|friday|saturday|sunday|(?:segunda|ter[cç]a|quarta|quinta|sexta)-feira)${END}`,
];
const DATE = new RegExp(DATE_PATTERNS.map((p) => `(?:${p})`).join('|'), 'giu');

// 1,250.50 · 1.250,50 · 1250 · 99,90 — whole numbers only (never a prefix of a longer one).
const NUMBER = String.raw`(?:\d{1,3}(?:[.,]\d{3})+(?:[.,]\d{1,2})?|\d+(?:[.,]\d{1,2})?)(?![\p{N}]|[.,]\d)`;
const SYMBOL = String.raw`(?:R\$|US\$|MX\$|C\$|\$|€|£)`;
const CODE = '(?:USD|MXN|BRL|EUR|COP|ARS|CLP|PEN|GBP)';
const AMOUNT = new RegExp(
  [
    String.raw`(?<![\p{L}\p{N}])${SYMBOL}${SP}?${NUMBER}(?:${SP}?${CODE}${END})?`,
    String.raw`${START}${CODE}${SP}?\$?${SP}?${NUMBER}`,
    String.raw`(?<![\p{N}.,])${NUMBER}${SP}?(?:${CODE}|${CURRENCY_WORDS}|€)${END}`,
  ].join('|'),
  'giu',
);

// Groups of digits (an area code may sit in parentheses) joined by one space, dot or dash.
const PHONE = new RegExp(
  String.raw`(?<![\p{L}\p{N}_+])(?:\+${SP}?)?(?:\(\d{1,4}\)|\d+)(?:[ .-]?(?:\(\d{1,4}\)|\d+))*${END}`,
  'gu',
);
const PHONE_WORD = new RegExp(
  String.raw`(?:tel|tel[eé]fono|telefone|phone|cel|celular|m[oó]vil|mobile|whats(?:app)?|wa|contacto|contato)\.?:?${SP}*(?:es|is|é|:)?${SP}*$`,
  'iu',
);

const MASK = '\u0000';

export function extractEntities(text: string): Entities {
  let rest = text;
  const take = (pattern: RegExp, keep: (match: RegExpExecArray, before: string) => string | null) => {
    const found: { value: string; at: number }[] = [];
    for (const match of rest.matchAll(pattern)) {
      const value = keep(match, rest.slice(0, match.index));
      if (value === null) continue;
      found.push({ value, at: match.index });
      rest =
        rest.slice(0, match.index) + MASK.repeat(match[0].length) + rest.slice(match.index + match[0].length);
    }
    return found;
  };
  const inOrder = (...lists: { value: string; at: number }[][]) =>
    lists
      .flat()
      .sort((a, b) => a.at - b.at)
      .map((found) => found.value);
  const whole = (match: RegExpExecArray) => match[0];

  const emails = inOrder(take(EMAIL, whole));
  const orderNumbers = inOrder(
    take(ORDER_BY_KEYWORD, (match) => match[1]),
    take(ORDER_BY_HASH, whole),
    take(ORDER_CODE, whole),
  );
  const dates = inOrder(take(DATE, whole));
  const amounts = inOrder(take(AMOUNT, whole));
  const phones = inOrder(take(PHONE, (match, before) => (isPhone(match[0], before) ? match[0] : null)));

  return {
    orderNumbers: unique(orderNumbers, (v) => v.replace(/^#\s*/, '').toLowerCase()),
    emails: unique(emails, (v) => v.toLowerCase()),
    phones: unique(phones, (v) => v.replace(/[^\d+]/g, '')),
    dates: unique(dates, (v) => v.toLowerCase().replace(/\s+/g, ' ')),
    amounts: unique(amounts, (v) => v.toLowerCase().replace(/\s+/g, '')),
  };
}

function isPhone(candidate: string, before: string): boolean {
  const digits = candidate.replace(/\D/g, '').length;
  if (candidate.startsWith('+')) return digits >= 8 && digits <= 15;
  if (digits >= 10 && digits <= 13) return true;
  return digits >= 8 && digits <= 13 && PHONE_WORD.test(before);
}

function unique(values: string[], key: (value: string) => string): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const k = key(value);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}
