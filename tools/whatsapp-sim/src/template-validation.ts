import { invalidParameter } from './graph-errors';
import { META_TEMPLATE_LANGUAGES } from './template-languages';
import { SUBCODES, templateInvalid } from './template-errors';
import type { TemplateCategoryName } from './template-store';

/**
 * The checks Graph makes on a template creation or edit: name, language, category, and the simple
 * component rules (lengths, variables and their examples, buttons, media header handles). The
 * templates service validates fully before calling; this is WhatsApp's side of the same rules.
 */

export type Component = Record<string, unknown> & { type: string };
export type ParameterFormat = 'POSITIONAL' | 'NAMED';

export interface ValidTemplate {
  name: string;
  language: string;
  category: TemplateCategoryName;
  parameterFormat: ParameterFormat;
  components: Component[];
}

/** What a header handle refers to: the file type of a finished Resumable Upload. */
export type HandleLookup = (handle: string) => { mimeType: string } | undefined;

const CATEGORIES = ['MARKETING', 'UTILITY', 'AUTHENTICATION'];
const NAME = /^[a-z0-9_]+$/;
const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const HEADER_MEDIA: Record<string, string> = {
  IMAGE: 'image/',
  VIDEO: 'video/',
  DOCUMENT: 'application/pdf',
};

export const variablesOf = (text: string): string[] => [...text.matchAll(VARIABLE)].map((m) => m[1]);

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const upper = (v: unknown): string | undefined => str(v)?.toUpperCase();

function tooLong(what: string, max: number) {
  return templateInvalid(
    'Message Template Character Limit Exceeded',
    `The ${what} is longer than ${max} characters.`,
    SUBCODES.characterLimit,
  );
}

function examplesMissing(what: string) {
  return templateInvalid(
    "Message Template's Example Values Are Missing",
    `The ${what} has variables without sample values: add an example for each variable.`,
    SUBCODES.examplesMissing,
  );
}

/** Positional variables must be {{1}}…{{n}} in order; named ones lowercase, each once. */
function checkVariables(vars: string[], format: ParameterFormat, where: string): void {
  if (format === 'POSITIONAL') {
    vars.forEach((v, i) => {
      if (v !== String(i + 1)) {
        throw templateInvalid(
          'Variable Parameters Are Not Sequential',
          `The ${where} variables must be {{1}}, {{2}}… in order, without gaps; found {{${v}}}.`,
        );
      }
    });
    return;
  }
  if (vars.some((v) => !/^[a-z][a-z0-9_]*$/.test(v)) || new Set(vars).size !== vars.length) {
    throw templateInvalid(
      'Invalid Named Parameters',
      `The ${where} named variables must be lowercase letters, digits and underscores, each used once.`,
    );
  }
}

function namedExamples(example: unknown, key: string): string[] {
  const list = (example as Record<string, unknown> | undefined)?.[key];
  return Array.isArray(list) ? list.map((e) => str((e as Record<string, unknown>)?.param_name) ?? '') : [];
}

function checkExamples(
  vars: string[],
  format: ParameterFormat,
  example: unknown,
  keys: { positional: string; named: string },
  where: string,
): void {
  if (vars.length === 0) return;
  const ex = example as Record<string, unknown> | undefined;
  if (format === 'NAMED') {
    const names = namedExamples(ex, keys.named);
    if (!vars.every((v) => names.includes(v))) throw examplesMissing(where);
    return;
  }
  const raw = ex?.[keys.positional];
  // body_text is a list holding one list of values; header_text a flat list.
  const values = Array.isArray(raw) && Array.isArray(raw[0]) ? raw[0] : raw;
  if (!Array.isArray(values) || values.length !== vars.length || values.some((v) => typeof v !== 'string')) {
    throw examplesMissing(where);
  }
}

function checkHeader(c: Component, format: ParameterFormat, handles: HandleLookup): void {
  const kind = upper(c.format);
  if (kind === 'TEXT') {
    const text = str(c.text) ?? '';
    if (text.length === 0)
      throw templateInvalid(
        'Message Header Format Is Incorrect',
        'A text header needs text.',
        SUBCODES.headerFormat,
      );
    if (text.length > 60) throw tooLong('header', 60);
    const vars = variablesOf(text);
    if (vars.length > 1) {
      throw templateInvalid(
        'Message Header Format Is Incorrect',
        'A text header can have at most one variable.',
        SUBCODES.headerFormat,
      );
    }
    checkVariables(vars, format, 'header');
    checkExamples(
      vars,
      format,
      c.example,
      { positional: 'header_text', named: 'header_text_named_params' },
      'header',
    );
    return;
  }
  if (kind === 'LOCATION') return;
  const prefix = kind === undefined ? undefined : HEADER_MEDIA[kind];
  if (!prefix) {
    throw templateInvalid(
      'Message Header Format Is Incorrect',
      'The header format must be TEXT, IMAGE, VIDEO, DOCUMENT or LOCATION.',
      SUBCODES.headerFormat,
    );
  }
  const handle = str(
    ((c.example as Record<string, unknown> | undefined)?.header_handle as unknown[] | undefined)?.[0],
  );
  if (!handle) throw examplesMissing('header (a media header needs example.header_handle)');
  const file = handles(handle);
  if (!file || !file.mimeType.startsWith(prefix)) {
    throw templateInvalid(
      'Uploaded Media Handle Is Invalid',
      `The uploaded media handle is invalid for a ${kind} header.`,
      SUBCODES.invalidHandle,
    );
  }
}

function checkBody(c: Component, format: ParameterFormat, category: TemplateCategoryName): void {
  // WhatsApp writes an authentication template's body ("<code> is your verification code.").
  if (category === 'AUTHENTICATION') {
    if (c.text !== undefined || c.example !== undefined)
      throw invalidParameter("Param components[BODY]['text'] is not allowed in AUTHENTICATION templates.");
    return;
  }
  const text = str(c.text) ?? '';
  if (text.trim().length === 0) throw invalidParameter("Param components[BODY]['text'] is required.");
  if (text.length > 1024) throw tooLong('body', 1024);
  const vars = variablesOf(text);
  checkVariables(vars, format, 'body');
  checkExamples(
    vars,
    format,
    c.example,
    { positional: 'body_text', named: 'body_text_named_params' },
    'body',
  );
}

const BUTTON_CAPS: Record<string, number> = { URL: 2, PHONE_NUMBER: 1, COPY_CODE: 1 };
const BUTTON_TYPES = ['QUICK_REPLY', 'URL', 'PHONE_NUMBER', 'COPY_CODE', 'OTP', 'FLOW', 'MPM', 'CATALOG'];

function checkButtons(c: Component): void {
  const buttons = Array.isArray(c.buttons) ? (c.buttons as Record<string, unknown>[]) : [];
  if (buttons.length === 0 || buttons.length > 10) {
    throw invalidParameter("Param components[BUTTONS]['buttons'] must have 1 to 10 buttons.");
  }
  const counts: Record<string, number> = {};
  for (const b of buttons) {
    const type = upper(b?.type) ?? '';
    if (!BUTTON_TYPES.includes(type)) throw invalidParameter(`Button type '${type}' is not supported.`);
    counts[type] = (counts[type] ?? 0) + 1;
    if (counts[type] > (BUTTON_CAPS[type] ?? 10)) {
      throw templateInvalid(
        'Too Many Buttons',
        `A template can have at most ${BUTTON_CAPS[type]} ${type} button(s).`,
      );
    }
    if (type !== 'OTP' && (str(b.text) ?? '').length > 25) throw tooLong('button text', 25);
    if (type === 'URL') {
      const url = str(b.url) ?? '';
      if (!/^https?:\/\//.test(url) || url.length > 2000)
        throw invalidParameter('A URL button needs a url of at most 2000 characters.');
      if (variablesOf(url).length > 0 && !Array.isArray(b.example)) throw examplesMissing('URL button');
    }
    if (type === 'PHONE_NUMBER' && !/^\+?\d{1,20}$/.test(str(b.phone_number) ?? '')) {
      throw invalidParameter('A PHONE_NUMBER button needs a phone_number of at most 20 digits.');
    }
  }
}

/** The components of a creation or an edit: one BODY, at most one of each other type. */
export function checkComponents(
  raw: unknown,
  format: ParameterFormat,
  category: TemplateCategoryName,
  handles: HandleLookup,
): Component[] {
  if (!Array.isArray(raw) || raw.length === 0)
    throw invalidParameter('The parameter components is required.');
  const components = raw.map((c): Component => {
    if (typeof c !== 'object' || c === null || typeof (c as Component).type !== 'string') {
      throw invalidParameter("Param components[]['type'] is required.");
    }
    return { ...(c as Component), type: (c as Component).type.toUpperCase() };
  });
  const types = components.map((c) => c.type);
  if (
    types.some((t) => !['HEADER', 'BODY', 'FOOTER', 'BUTTONS'].includes(t)) ||
    new Set(types).size !== types.length
  ) {
    throw invalidParameter('Components must be HEADER, BODY, FOOTER and BUTTONS, each at most once.');
  }
  if (!types.includes('BODY')) throw invalidParameter('A template needs a BODY component.');
  const buttons = components.find((c) => c.type === 'BUTTONS')?.buttons;
  const otp = Array.isArray(buttons) && buttons.some((b) => upper((b as Component | null)?.type) === 'OTP');
  if (category === 'AUTHENTICATION' && !otp)
    throw invalidParameter('An AUTHENTICATION template needs an OTP button.');
  for (const c of components) {
    if (c.type === 'HEADER') checkHeader(c, format, handles);
    if (c.type === 'BODY') checkBody(c, format, category);
    if (c.type === 'FOOTER' && (str(c.text) ?? '').length > 60) throw tooLong('footer', 60);
    if (c.type === 'BUTTONS') checkButtons(c);
  }
  return components;
}

export function parseCategory(value: unknown, required: boolean): TemplateCategoryName | undefined {
  if (value === undefined && !required) return undefined;
  const category = upper(value);
  if (!category || !CATEGORIES.includes(category)) {
    throw invalidParameter(`Param category must be one of {${CATEGORIES.join(', ')}}.`);
  }
  return category as TemplateCategoryName;
}

function parseFormat(value: unknown): ParameterFormat {
  if (value === undefined) return 'POSITIONAL';
  const format = upper(value);
  if (format !== 'POSITIONAL' && format !== 'NAMED') {
    throw invalidParameter('Param parameter_format must be one of {POSITIONAL, NAMED}.');
  }
  return format;
}

/** `POST /{waba-id}/message_templates` body → a valid template, or Graph's error. */
export function parseCreate(body: Record<string, unknown>, handles: HandleLookup): ValidTemplate {
  const name = str(body.name);
  if (!name) throw invalidParameter('The parameter name is required.');
  if (!NAME.test(name) || name.length > 512) {
    throw invalidParameter(
      'Param name must contain only lowercase letters, digits and underscores, at most 512 characters.',
    );
  }
  const language = str(body.language);
  if (!language) throw invalidParameter('The parameter language is required.');
  if (!META_TEMPLATE_LANGUAGES.has(language)) {
    throw invalidParameter(`Param language '${language}' is not a supported template language.`);
  }
  const category = parseCategory(body.category, true)!;
  const parameterFormat = parseFormat(body.parameter_format);
  const components = checkComponents(body.components, parameterFormat, category, handles);
  return { name, language, category, parameterFormat, components };
}
