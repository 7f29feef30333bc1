import { isObject, type Check } from './validation-check';

/*
 * The fields WhatsApp knows in each component (REF §5 and the create/edit examples of Meta's
 * OpenAPI document). Components are stored and sent to WhatsApp as they come, so anything else
 * is refused by name rather than kept, sent, and found out by WhatsApp.
 */
const FIELDS: Record<string, readonly string[]> = {
  HEADER: ['type', 'format', 'text', 'example'],
  BODY: ['type', 'text', 'example'],
  FOOTER: ['type', 'text'],
  BUTTONS: ['type', 'buttons'],
};

/** An authentication template's body and footer are WhatsApp's own words: only their settings. */
const AUTHENTICATION_FIELDS: Record<string, readonly string[]> = {
  BODY: ['type', 'add_security_recommendation'],
  FOOTER: ['type', 'code_expiration_minutes'],
};

const EXAMPLE_FIELDS: Record<string, readonly string[]> = {
  HEADER: ['header_text', 'header_text_named_params', 'header_handle'],
  BODY: ['body_text', 'body_text_named_params'],
};
const NAMED_EXAMPLE_FIELDS = ['param_name', 'example'];

const BUTTON_FIELDS: Record<string, readonly string[]> = {
  QUICK_REPLY: ['type', 'text'],
  URL: ['type', 'text', 'url', 'example'],
  PHONE_NUMBER: ['type', 'text', 'phone_number'],
  // The label of a copy-code button is WhatsApp's own.
  COPY_CODE: ['type', 'example'],
  OTP: [
    'type',
    'otp_type',
    'text',
    'autofill_text',
    'package_name',
    'signature_hash',
    'supported_apps',
    'zero_tap_terms_accepted',
  ],
};
const SUPPORTED_APP_FIELDS = ['package_name', 'signature_hash'];

/** Each field of `value` that is not in `known`, as an error on its own path. */
function unknownFields(check: Check, value: Record<string, unknown>, known: readonly string[], path: string) {
  for (const key of Object.keys(value))
    if (!known.includes(key)) check.add(`${path}.${key}`, 'Not a field WhatsApp knows here');
}

/** Every entry of a list of objects, held to its fields. */
function unknownFieldsInList(check: Check, list: unknown, known: readonly string[], path: string) {
  if (!Array.isArray(list)) return;
  list.forEach((entry, i) => {
    if (isObject(entry)) unknownFields(check, entry, known, `${path}[${i}]`);
  });
}

/** A component's fields, and those of its example, for its type and the template's category. */
export function checkComponentFields(check: Check, component: Record<string, unknown>, path: string): void {
  const type = String(component.type);
  const known = (check.authentication && AUTHENTICATION_FIELDS[type]) || FIELDS[type] || [];
  const onlyForAuthentication = Object.values(AUTHENTICATION_FIELDS).flat();
  for (const key of Object.keys(component)) {
    if (known.includes(key)) continue;
    if (check.authentication && FIELDS[type]?.includes(key))
      check.add(
        `${path}.${key}`,
        `An authentication template's ${type.toLowerCase()} is WhatsApp's own text: leave ${key} out`,
      );
    else if (!check.authentication && onlyForAuthentication.includes(key))
      check.add(`${path}.${key}`, 'Only authentication templates have this setting');
    else check.add(`${path}.${key}`, 'Not a field WhatsApp knows here');
  }
  const example = component.example;
  if (!known.includes('example') || !isObject(example)) return;
  unknownFields(check, example, EXAMPLE_FIELDS[type] ?? [], `${path}.example`);
  for (const field of ['header_text_named_params', 'body_text_named_params'])
    unknownFieldsInList(check, example[field], NAMED_EXAMPLE_FIELDS, `${path}.example.${field}`);
}

/** A button's fields for its type (a button of an unknown type is refused for its type alone). */
export function checkButtonFields(check: Check, button: Record<string, unknown>, path: string): void {
  const known = BUTTON_FIELDS[String(button.type)];
  if (!known) return;
  unknownFields(check, button, known, path);
  if (known.includes('supported_apps'))
    unknownFieldsInList(check, button.supported_apps, SUPPORTED_APP_FIELDS, `${path}.supported_apps`);
}
