import type { ParameterFormat } from '@inbox/contracts';
import type { FieldError } from '@inbox/platform';
import { bodyOf } from './template-components';
import { fillVariables } from './template-variables';
import { isObject } from './validation-check';
import {
  valueOf,
  variablesOf,
  type ButtonVariable,
  type SendableTemplate,
  type SendParameters,
  type TemplateVariables,
} from './send-variables';

/** Meta refuses parameter text with a newline or tab, or more than 4 spaces in a row (error 132018). */
const FORBIDDEN_IN_VALUE = /[\n\r\t]| {5,}/;
/** WhatsApp's limit on the body once the variables are filled in (error 132005). */
const HYDRATED_BODY_MAX = 1024;
/** A copy-code button's code, like its example (REF §5). */
const COUPON_MAX = 15;

/** The parameters checked against the template's variables; empty = fine. Paths like `parameters.body[0]`. */
export function checkSendParameters(template: SendableTemplate, params: SendParameters): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, message: string) => errors.push({ path, message });
  const given: Record<string, unknown> = isObject(params) ? params : {};
  const wanted = variablesOf(template.components, template.parameterFormat);
  checkHeader(add, wanted.header, given.header);
  checkBody(add, wanted.body, template.parameterFormat, given.body);
  if (errors.length === 0) checkHydratedBody(add, template, params);
  checkButtons(add, wanted.buttons, given.buttons);
  return errors;
}

type Add = (path: string, message: string) => void;

/** A text value: not empty, none of the characters WhatsApp refuses. */
function checkValue(add: Add, path: string, value: unknown): void {
  if (typeof value !== 'string' || value.trim() === '') return add(path, 'A value is required');
  if (FORBIDDEN_IN_VALUE.test(value)) add(path, 'No line breaks, tabs or more than 4 spaces in a row');
}

function checkHeader(add: Add, wanted: TemplateVariables['header'], header: unknown): void {
  const path = 'parameters.header';
  if (header === undefined || header === null) {
    if (wanted.variables.length > 0) add(path, 'The header has a variable: give parameters.header.text');
    return;
  }
  if (!isObject(header)) return add(path, 'Must be an object');
  if (wanted.format === 'TEXT' && wanted.variables.length > 0)
    return checkValue(add, `${path}.text`, header.text);
  if (wanted.format === 'IMAGE' || wanted.format === 'VIDEO' || wanted.format === 'DOCUMENT') {
    if (typeof header.link === 'string') {
      if (!/^https?:\/\/[^\s/]+/i.test(header.link)) add(`${path}.link`, 'Must be an http or https URL');
    } else if (typeof header.id !== 'string' || header.id.trim() === '')
      add(path, `The header is ${wanted.format.toLowerCase()}: give a link or a media id, or leave it out`);
    return;
  }
  add(path, 'This template has no header variable');
}

function checkBody(add: Add, wanted: string[], format: ParameterFormat, body: unknown): void {
  const path = 'parameters.body';
  if (body === undefined || body === null) {
    if (wanted.length > 0)
      add(path, `The body has ${wanted.length} variable${wanted.length === 1 ? '' : 's'}`);
    return;
  }
  if (format === 'POSITIONAL') {
    if (!Array.isArray(body)) return add(path, 'Must be an array of values, in order');
    if (body.length !== wanted.length)
      return add(path, `Expected ${wanted.length} values, got ${body.length}`);
    return body.forEach((value, i) => checkValue(add, `${path}[${i}]`, value));
  }
  if (!isObject(body)) return add(path, 'Must be an object of named values');
  for (const name of wanted) checkValue(add, `${path}.${name}`, body[name]);
  for (const name of Object.keys(body))
    if (!wanted.includes(name)) add(`${path}.${name}`, 'No such variable');
}

function checkHydratedBody(add: Add, template: SendableTemplate, params: SendParameters): void {
  const text = bodyOf(template.components)?.text;
  if (typeof text !== 'string') return;
  const filled = fillVariables(text, valueOf(params.body));
  if (filled.length > HYDRATED_BODY_MAX)
    add(
      'parameters.body',
      `With these values the body has ${filled.length} characters; at most ${HYDRATED_BODY_MAX}`,
    );
}

function checkButtons(add: Add, wanted: ButtonVariable[], buttons: unknown): void {
  const path = 'parameters.buttons';
  if (buttons !== undefined && buttons !== null && !Array.isArray(buttons))
    return add(path, 'Must be an array');
  const list = (buttons ?? []) as unknown[];
  const seen = new Set<number>();
  list.forEach((button, i) => {
    const at = `${path}[${i}]`;
    if (!isObject(button)) return add(at, 'Must be an object');
    const slot = wanted.find((w) => w.index === button.index);
    if (!slot) return add(`${at}.index`, 'No button with a parameter at this index');
    if (seen.has(slot.index)) return add(`${at}.index`, 'Only one parameter per button');
    seen.add(slot.index);
    if (button.type !== slot.type) return add(`${at}.type`, `Button ${slot.index} is ${slot.type}`);
    if (slot.type === 'quick_reply') return checkPayload(add, `${at}.payload`, button.payload);
    checkValue(add, `${at}.text`, button.text);
    if (slot.type === 'copy_code' && typeof button.text === 'string' && button.text.length > COUPON_MAX)
      add(`${at}.text`, `At most ${COUPON_MAX} characters`);
  });
  const missing = wanted.filter((slot) => slot.required && !seen.has(slot.index));
  if (missing.length > 0)
    add(
      path,
      `A value is needed for ${missing.map((slot) => `button ${slot.index} (${slot.type})`).join(', ')}`,
    );
}

function checkPayload(add: Add, path: string, payload: unknown): void {
  if (typeof payload !== 'string' || payload.trim() === '') add(path, 'A payload is required');
}
