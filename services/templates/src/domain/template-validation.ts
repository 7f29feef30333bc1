import {
  isParameterFormat,
  isTemplateCategory,
  isTemplateLanguage,
  TEMPLATE_COMPONENT_TYPES,
  TEMPLATE_LIMITS,
  TEMPLATE_NAME_PATTERN,
} from '@inbox/contracts';
import type { FieldError } from '@inbox/platform';
import type { TemplateComponent } from './template-components';
import { checkButtons, checkOtpButtons } from './template-buttons-validation';
import { checkComponentFields } from './template-component-fields';
import { isVariableName, tokensOf, variableNames, variableProblems } from './template-variables';
import { isObject, isText, type Check } from './validation-check';

export interface TemplateDefinition {
  name: string;
  language: string;
  category: string;
  parameterFormat: string;
  components: unknown;
}

/**
 * WhatsApp's template rules, checked before anything reaches WhatsApp. Every error names its
 * field (`name`, `components[1].text`, `components[3].buttons[0].url`, …). Empty = valid.
 * Drafts are held to the same rules, so a DRAFT can always be submitted as it is.
 */
export function validateTemplate(input: TemplateDefinition): FieldError[] {
  const errors: FieldError[] = [];
  const check: Check = {
    add: (path, message) => errors.push({ path, message }),
    format: isParameterFormat(input.parameterFormat) ? input.parameterFormat : 'POSITIONAL',
    authentication: input.category === 'AUTHENTICATION',
  };
  checkName(check, input.name);
  if (!isTemplateLanguage(input.language))
    check.add('language', "Not one of WhatsApp's template language codes (such as es_MX or en_US)");
  if (!isTemplateCategory(input.category))
    check.add('category', 'Must be MARKETING, UTILITY or AUTHENTICATION');
  if (!isParameterFormat(input.parameterFormat)) check.add('parameterFormat', 'Must be POSITIONAL or NAMED');
  checkComponents(check, input.components);
  return errors;
}

/** The components of a template that `validateTemplate` accepted, typed. */
export const componentsOf = (input: TemplateDefinition): TemplateComponent[] =>
  input.components as TemplateComponent[];

function checkName(check: Check, name: unknown): void {
  if (typeof name !== 'string' || name.length === 0) return check.add('name', 'Required');
  if (name.length > TEMPLATE_LIMITS.name) check.add('name', `At most ${TEMPLATE_LIMITS.name} characters`);
  if (!TEMPLATE_NAME_PATTERN.test(name))
    check.add('name', 'Only lowercase letters, digits and underscores (a-z, 0-9, _)');
}

const CHECKERS: Record<string, (check: Check, component: Record<string, unknown>, path: string) => void> = {
  HEADER: checkHeader,
  BODY: checkBody,
  FOOTER: checkFooter,
  BUTTONS: (check, component, path) =>
    check.authentication ? checkOtpButtons(check, component, path) : checkButtons(check, component, path),
};

function checkComponents(check: Check, components: unknown): void {
  if (!Array.isArray(components)) return check.add('components', 'Must be an array of components');
  const seen = new Set<string>();
  components.forEach((component: unknown, i) => {
    const path = `components[${i}]`;
    if (!isObject(component)) return check.add(path, 'Must be an object');
    const type = component.type;
    if (typeof type !== 'string' || !(TEMPLATE_COMPONENT_TYPES as readonly string[]).includes(type))
      return check.add(`${path}.type`, `Must be one of ${TEMPLATE_COMPONENT_TYPES.join(', ')}`);
    if (seen.has(type)) return check.add(`${path}.type`, `Only one ${type} per template`);
    seen.add(type);
    checkComponentFields(check, component, path);
    CHECKERS[type]!(check, component, path);
  });
  if (!seen.has('BODY')) check.add('components', 'A BODY component is required');
  if (check.authentication && !seen.has('BUTTONS'))
    check.add('components', 'An authentication template needs a BUTTONS component with its OTP button');
}

function checkHeader(check: Check, header: Record<string, unknown>, path: string): void {
  if (check.authentication) return check.add(`${path}.type`, 'Authentication templates have no header');
  const example = isObject(header.example) ? header.example : {};
  switch (header.format) {
    case 'TEXT':
      return checkHeaderText(check, header, path);
    case 'IMAGE':
    case 'VIDEO':
    case 'DOCUMENT': {
      const handles = example.header_handle;
      if (!Array.isArray(handles) || handles.length !== 1 || !isText(handles[0]))
        check.add(`${path}.example.header_handle`, 'A media header needs the handle of an uploaded sample');
      return;
    }
    default:
      check.add(`${path}.format`, 'Must be TEXT, IMAGE, VIDEO or DOCUMENT');
  }
}

function checkHeaderText(check: Check, header: Record<string, unknown>, path: string): void {
  const text = header.text;
  if (!isText(text)) return check.add(`${path}.text`, 'A TEXT header needs its text');
  if (text.length > TEMPLATE_LIMITS.headerText)
    check.add(`${path}.text`, `At most ${TEMPLATE_LIMITS.headerText} characters`);
  for (const problem of variableProblems(text, check.format)) check.add(`${path}.text`, problem);
  const names = variableNames(text, check.format);
  if (names.length > TEMPLATE_LIMITS.headerVariables)
    return check.add(`${path}.text`, 'A header has at most one variable');
  if (wellFormed(check, text)) checkExamples(check, names, header.example, path, 'header');
}

function checkBody(check: Check, body: Record<string, unknown>, path: string): void {
  if (check.authentication) {
    if (
      body.add_security_recommendation !== undefined &&
      typeof body.add_security_recommendation !== 'boolean'
    )
      check.add(`${path}.add_security_recommendation`, 'Must be true or false');
    return;
  }
  const text = body.text;
  if (!isText(text)) return check.add(`${path}.text`, 'The body needs its text');
  if (text.length > TEMPLATE_LIMITS.body)
    check.add(`${path}.text`, `At most ${TEMPLATE_LIMITS.body} characters`);
  for (const problem of variableProblems(text, check.format, { dangling: true }))
    check.add(`${path}.text`, problem);
  if (wellFormed(check, text))
    checkExamples(check, variableNames(text, check.format), body.example, path, 'body');
}

/** Examples are only checked once the variables themselves are right (one error at a time). */
const wellFormed = (check: Check, text: string): boolean =>
  tokensOf(text).every((token) => isVariableName(token.name, check.format));

/** WhatsApp reviews a template by its examples: one sample value for every variable. */
function checkExamples(
  check: Check,
  names: string[],
  example: unknown,
  path: string,
  where: 'header' | 'body',
): void {
  if (names.length === 0) return;
  const given = isObject(example) ? example : {};
  if (check.format === 'NAMED') return checkNamedExamples(check, names, given, path, where);
  const field = where === 'header' ? 'header_text' : 'body_text';
  const raw = given[field];
  const values = where === 'header' ? raw : Array.isArray(raw) ? raw[0] : undefined;
  const valid =
    Array.isArray(values) && values.length === names.length && values.every((value) => isText(value));
  if (!valid)
    check.add(
      `${path}.example.${field}`,
      where === 'header'
        ? 'One example value for the header variable: ["…"]'
        : `One example value for each of the ${names.length} variables: [["…", …]]`,
    );
}

function checkNamedExamples(
  check: Check,
  names: string[],
  given: Record<string, unknown>,
  path: string,
  where: 'header' | 'body',
): void {
  const field = where === 'header' ? 'header_text_named_params' : 'body_text_named_params';
  const list = Array.isArray(given[field]) ? (given[field] as unknown[]) : [];
  const examples = new Map<string, unknown>();
  for (const entry of list) if (isObject(entry)) examples.set(String(entry.param_name), entry.example);
  const missing = names.filter((name) => !isText(examples.get(name)));
  if (missing.length > 0)
    check.add(
      `${path}.example.${field}`,
      `An example is needed for ${missing.map((n) => `{{${n}}}`).join(', ')}`,
    );
  const unknown = [...examples.keys()].filter((name) => !names.includes(name));
  if (unknown.length > 0) check.add(`${path}.example.${field}`, `No such variable: ${unknown.join(', ')}`);
}

function checkFooter(check: Check, footer: Record<string, unknown>, path: string): void {
  if (check.authentication) {
    const minutes = footer.code_expiration_minutes;
    if (
      minutes !== undefined &&
      !(Number.isInteger(minutes) && (minutes as number) >= 1 && (minutes as number) <= 90)
    )
      check.add(`${path}.code_expiration_minutes`, 'A whole number of minutes from 1 to 90');
    return;
  }
  const text = footer.text;
  if (!isText(text)) return check.add(`${path}.text`, 'The footer needs its text');
  if (text.length > TEMPLATE_LIMITS.footer)
    check.add(`${path}.text`, `At most ${TEMPLATE_LIMITS.footer} characters`);
  if (/\{\{.*?\}\}/.test(text)) check.add(`${path}.text`, 'A footer cannot have variables');
}
