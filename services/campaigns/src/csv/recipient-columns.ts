import { TEMPLATE_LIMITS, type TemplateSendButtonType } from '@inbox/contracts';
import { invalid, type FieldError } from '@inbox/platform';

/*
 * The columns of a recipients CSV (header names are case-insensitive, accents and surrounding
 * spaces ignored):
 *   phone            the number; also telefono/teléfono/telefone/whatsapp/number/numero/celular/phone_number
 *   body.1, body.2…  positional body variables {{1}}, {{2}}… (a header "{{1}}" is the same)
 *   body.<name>      named body variables ({{first_name}} → body.first_name or "{{first_name}}")
 *   header           the TEXT header's variable (header.text alike); header.link / header.id: a media header
 *   button.<i>       the dynamic URL suffix of button i (0-based, as in WhatsApp's send)
 *   button.<i>.url | button.<i>.copy_code | button.<i>.quick_reply (payload): the button's type named
 * Any other column (name, e-mail, notes…) is ignored and reported.
 */

export interface RecipientParameters {
  header?: { text: string } | { link: string } | { id: string };
  body?: string[] | Record<string, string>;
  buttons?: { index: number; type: TemplateSendButtonType; text?: string; payload?: string }[];
}

export interface RecipientColumns {
  /** Cell index of the phone. */
  phone: number;
  header?: { cell: number; kind: 'text' | 'link' | 'id'; name: string };
  /** Cells of body {{1}}, {{2}}… in order. */
  positional: { cell: number; name: string }[];
  named: { cell: number; key: string; name: string }[];
  buttons: { cell: number; index: number; type: TemplateSendButtonType; name: string }[];
  /** Header names of the columns left out. */
  ignored: string[];
  /** How many cells the header has: a row with more non-empty cells is malformed. */
  width: number;
}

const PHONE_NAMES = new Set([
  'phone',
  'phone_number',
  'phone number',
  'telefono',
  'telefone',
  'whatsapp',
  'number',
  'numero',
  'celular',
]);

/** Lower case, no accents, no surrounding spaces: "  Teléfono " → "telefono". */
const plain = (name: string) => name.normalize('NFD').replace(/\p{M}/gu, '').trim().toLowerCase();

const POSITIONAL = /^(?:body\.(\d+)|\{\{\s*(\d+)\s*\}\})$/;
const NAMED = /^(?:body\.([a-z_][a-z0-9_]*)|\{\{\s*([a-z_][a-z0-9_]*)\s*\}\})$/;
const HEADER = /^header(?:\.(text|link|id))?$/;
const BUTTON = /^button\.(\d+)(?:\.(url|copy_code|quick_reply))?$/;

const columnError = (message: string, fields: FieldError[]) =>
  invalid('INVALID_CSV_HEADER', message, fields.length > 0 ? fields : [{ path: 'file', message }]);

type Builder = Omit<RecipientColumns, 'phone' | 'positional'> & {
  phone?: number;
  positional: Map<number, { cell: number; name: string }>;
};

function place(columns: Builder, name: string, cell: number, errors: FieldError[]): void {
  const key = plain(name);
  const path = `file.header.${cell + 1}`;
  let m: RegExpExecArray | null;
  if (PHONE_NAMES.has(key)) {
    // The left-most phone column counts; another one (say "WhatsApp" beside "Phone") is ignored.
    if (columns.phone === undefined) columns.phone = cell;
    else columns.ignored.push(name);
  } else if ((m = POSITIONAL.exec(key))) {
    const position = Number(m[1] ?? m[2]);
    if (position < 1) errors.push({ path, message: `${name}: body variables start at 1` });
    else if (columns.positional.has(position)) errors.push({ path, message: `${name}: given twice` });
    else columns.positional.set(position, { cell, name });
  } else if ((m = NAMED.exec(key))) {
    const variable = m[1] ?? m[2];
    if (columns.named.some((n) => n.key === variable)) errors.push({ path, message: `${name}: given twice` });
    else columns.named.push({ cell, key: variable, name });
  } else if ((m = HEADER.exec(key))) {
    if (columns.header) errors.push({ path, message: `${name}: one header column at most` });
    else columns.header = { cell, kind: (m[1] ?? 'text') as 'text' | 'link' | 'id', name };
  } else if ((m = BUTTON.exec(key))) {
    const index = Number(m[1]);
    const type = (m[2] ?? 'url') as TemplateSendButtonType;
    if (index >= TEMPLATE_LIMITS.buttons)
      errors.push({ path, message: `${name}: buttons are numbered 0 to ${TEMPLATE_LIMITS.buttons - 1}` });
    else if (columns.buttons.some((b) => b.index === index))
      errors.push({ path, message: `${name}: button ${index} given twice` });
    else columns.buttons.push({ cell, index, type, name });
  } else {
    columns.ignored.push(name);
  }
}

/** The meaning of each column of the header row; a header this cannot use is a 400 naming the columns. */
export function readColumns(header: readonly string[]): RecipientColumns {
  const errors: FieldError[] = [];
  const columns: Builder = {
    positional: new Map(),
    named: [],
    buttons: [],
    ignored: [],
    width: header.length,
  };
  header.forEach((name, cell) => place(columns, name, cell, errors));
  if (columns.phone === undefined)
    errors.push({
      path: 'file.header',
      message: 'A column named phone (or telefono, whatsapp, number) is required',
    });
  if (columns.positional.size > 0 && columns.named.length > 0)
    errors.push({
      path: 'file.header',
      message: 'Body variables are either numbered (body.1) or named (body.name), not both',
    });
  const positions = [...columns.positional.keys()].sort((a, b) => a - b);
  positions.forEach((position, i) => {
    if (position !== i + 1)
      errors.push({ path: 'file.header', message: `body.${i + 1} is missing before body.${position}` });
  });
  if (errors.length > 0) throw columnError(errors[0].message, errors);
  return {
    ...columns,
    phone: columns.phone!,
    positional: positions.map((position) => columns.positional.get(position)!),
  };
}

/** One data row as a recipient, or why it cannot be one. */
export type RowReading =
  | { ok: true; phone: string; parameters?: RecipientParameters }
  | {
      ok: false;
      phone: string;
      reason: 'INVALID_PHONE' | 'INVALID_PARAMETERS' | 'MALFORMED_ROW';
      message: string;
    };

/** Excel shows a long number it was not told is text as 5.21551E+12: the digits are gone. */
const SCIENTIFIC = /^\d+(?:[.,]\d+)?e\+?\d+$/i;

function parametersOf(columns: RecipientColumns, cell: (i: number) => string): RecipientParameters | string {
  const parameters: RecipientParameters = {};
  const header = columns.header && cell(columns.header.cell);
  if (columns.header && header)
    parameters.header = { [columns.header.kind]: header } as RecipientParameters['header'];
  const positional = columns.positional.map((c) => cell(c.cell));
  if (positional.some((v) => v !== '')) {
    const empty = columns.positional.find((c) => cell(c.cell) === '');
    if (empty) return `${empty.name} is empty`;
    parameters.body = positional;
  }
  const named = columns.named.filter((c) => cell(c.cell) !== '');
  if (named.length > 0) parameters.body = Object.fromEntries(named.map((c) => [c.key, cell(c.cell)]));
  const buttons = columns.buttons
    .filter((b) => cell(b.cell) !== '')
    .map((b) => ({
      index: b.index,
      type: b.type,
      ...(b.type === 'quick_reply' ? { payload: cell(b.cell) } : { text: cell(b.cell) }),
    }))
    .sort((a, b) => a.index - b.index);
  if (buttons.length > 0) parameters.buttons = buttons;
  return parameters;
}

/** A row's cells as a recipient: the phone as written (the create use case normalizes it) and its parameters. */
export function readRow(columns: RecipientColumns, cells: readonly string[]): RowReading {
  const cell = (i: number) => (cells[i] ?? '').trim();
  const phone = cell(columns.phone);
  const extra = cells.slice(columns.width).some((value) => value.trim() !== '');
  if (extra)
    return {
      ok: false,
      phone,
      reason: 'MALFORMED_ROW',
      message: `${cells.length} cells where the header has ${columns.width}`,
    };
  if (cells.some((value) => value.includes('\uFFFD')))
    return {
      ok: false,
      phone,
      reason: 'MALFORMED_ROW',
      message: 'Characters that are not UTF-8: save the file as "CSV UTF-8"',
    };
  if (phone === '') return { ok: false, phone, reason: 'INVALID_PHONE', message: 'No phone number' };
  if (SCIENTIFIC.test(phone))
    return {
      ok: false,
      phone,
      reason: 'INVALID_PHONE',
      message: 'The spreadsheet shortened this number (scientific notation): format the phone column as text',
    };
  const parameters = parametersOf(columns, cell);
  if (typeof parameters === 'string')
    return { ok: false, phone, reason: 'INVALID_PARAMETERS', message: parameters };
  return Object.keys(parameters).length > 0 ? { ok: true, phone, parameters } : { ok: true, phone };
}
