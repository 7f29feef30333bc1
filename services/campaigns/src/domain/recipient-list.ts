import { normalizePhone } from '@inbox/whatsapp';

/** A recipient as given: the phone in any notation, the REST template parameters. */
export interface RecipientInput {
  phone: string;
  /** `{ header?, body?, buttons? }` as for a template send; anything else is INVALID_PARAMETERS. */
  parameters?: unknown;
  /** Where it came from (the CSV's data row, from 1); default: its position in the list, from 0. */
  index?: number;
}

export type InvalidReason = 'INVALID_PHONE' | 'DUPLICATE' | 'INVALID_PARAMETERS';

export interface InvalidRecipient {
  index: number;
  /** As given. */
  phone: string;
  reason: InvalidReason;
  message: string;
}

/** `templates.v1.SendParameters`: the REST parameters as JSON text, part by part. */
export interface SendParametersJson {
  headerJson?: string;
  bodyJson?: string;
  buttonsJson?: string;
}

export interface ValidRecipient {
  index: number;
  /** The phone as given (reported as such if the template refuses its parameters). */
  given: string;
  /** E.164, unique in the list. */
  phone: string;
  parameters: Record<string, unknown> | null;
  send: SendParametersJson;
}

export interface RecipientList {
  valid: ValidRecipient[];
  /** In the order given; duplicates included (reason DUPLICATE). */
  invalid: InvalidRecipient[];
  /** The same E.164 number given more than once (each repeat after the first). */
  duplicatesRemoved: number;
}

const PARAMETER_KEYS = new Set(['header', 'body', 'buttons']);

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The parameters split as PrepareSends takes them, or why they cannot be. */
function sendParametersOf(parameters: unknown): SendParametersJson | string {
  if (parameters === undefined || parameters === null) return {};
  if (!isPlainObject(parameters)) return 'parameters must be an object { header?, body?, buttons? }';
  const unknown = Object.keys(parameters).filter((k) => !PARAMETER_KEYS.has(k));
  if (unknown.length > 0) return `Unknown parameters: ${unknown.join(', ')} (header, body, buttons)`;
  const json = (value: unknown) => (value === undefined ? undefined : JSON.stringify(value));
  return {
    headerJson: json(parameters.header),
    bodyJson: json(parameters.body),
    buttonsJson: json(parameters.buttons),
  };
}

/** The recipients that can be read: phones in E.164, parameters in shape; repeats not removed yet. */
export interface ReadRecipients {
  candidates: ValidRecipient[];
  /** Unreadable phones and malformed parameters, in the order given. */
  invalid: InvalidRecipient[];
}

/**
 * Phones normalized to E.164 (Mexico's old mobile 1, Brazil's ninth digit) and parameters split
 * as PrepareSends takes them. Unreadable phones and malformed parameters are reported with their
 * position; the same number given twice stays twice (firstOfEachPhone decides which one counts).
 */
export function readRecipients(inputs: readonly RecipientInput[]): ReadRecipients {
  const read: ReadRecipients = { candidates: [], invalid: [] };
  inputs.forEach((input, position) => {
    const index = input.index ?? position;
    const given = typeof input.phone === 'string' ? input.phone : String(input.phone ?? '');
    const normalized = normalizePhone(given);
    if (!normalized) {
      read.invalid.push({
        index,
        phone: given,
        reason: 'INVALID_PHONE',
        message: 'Not a valid phone number',
      });
      return;
    }
    const send = sendParametersOf(input.parameters);
    if (typeof send === 'string') {
      read.invalid.push({ index, phone: given, reason: 'INVALID_PARAMETERS', message: send });
      return;
    }
    read.candidates.push({
      index,
      given,
      phone: normalized.e164,
      parameters: isPlainObject(input.parameters) ? input.parameters : null,
      send,
    });
  });
  return read;
}

/**
 * The first acceptable occurrence of each number is kept (in the order given); every later one
 * is a DUPLICATE. An occurrence refused for its parameters before does not take the number.
 */
export function firstOfEachPhone<T extends Pick<ValidRecipient, 'index' | 'given' | 'phone'>>(
  accepted: readonly T[],
): { kept: T[]; duplicates: InvalidRecipient[] } {
  const seen = new Set<string>();
  const kept: T[] = [];
  const duplicates: InvalidRecipient[] = [];
  for (const recipient of accepted) {
    if (seen.has(recipient.phone)) {
      duplicates.push({
        index: recipient.index,
        phone: recipient.given,
        reason: 'DUPLICATE',
        message: `${recipient.phone} is already in the list`,
      });
      continue;
    }
    seen.add(recipient.phone);
    kept.push(recipient);
  }
  return { kept, duplicates };
}

/** readRecipients then firstOfEachPhone: a list checked without its template (estimates). */
export function normalizeRecipients(inputs: readonly RecipientInput[]): RecipientList {
  const read = readRecipients(inputs);
  const { kept, duplicates } = firstOfEachPhone(read.candidates);
  return {
    valid: kept,
    invalid: [...read.invalid, ...duplicates].sort((a, b) => a.index - b.index),
    duplicatesRemoved: duplicates.length,
  };
}
