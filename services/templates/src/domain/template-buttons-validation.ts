import { TEMPLATE_BUTTON_TYPES, TEMPLATE_LIMITS } from '@inbox/contracts';
import { normalizePhone } from '@inbox/whatsapp';
import { checkButtonFields } from './template-component-fields';
import { tokensOf } from './template-variables';
import { isObject, isText, type Check } from './validation-check';

/** How many buttons of a type one template may have (REF §5). */
const MAX_OF_TYPE: Record<string, number> = {
  URL: TEMPLATE_LIMITS.urlButtons,
  PHONE_NUMBER: TEMPLATE_LIMITS.phoneNumberButtons,
  COPY_CODE: TEMPLATE_LIMITS.copyCodeButtons,
};

const BUTTON_CHECKERS: Record<string, (check: Check, button: Record<string, unknown>, path: string) => void> =
  {
    QUICK_REPLY: checkLabel,
    URL: checkUrlButton,
    PHONE_NUMBER: checkPhoneButton,
    COPY_CODE: checkCopyCodeButton,
  };

/** BUTTONS of a marketing or utility template: 1–10, at most 2 URL, 1 phone number, 1 copy code. */
export function checkButtons(check: Check, component: Record<string, unknown>, path: string): void {
  const buttons = listOf(check, component, path);
  if (!buttons) return;
  const counts = new Map<string, number>();
  buttons.forEach((button: unknown, i) => {
    const at = `${path}.buttons[${i}]`;
    if (!isObject(button)) return check.add(at, 'Must be an object');
    const type = String(button.type);
    const checker = BUTTON_CHECKERS[type];
    if (!checker) return check.add(`${at}.type`, `Must be one of ${TEMPLATE_BUTTON_TYPES.join(', ')}`);
    counts.set(type, (counts.get(type) ?? 0) + 1);
    if (counts.get(type)! > (MAX_OF_TYPE[type] ?? Infinity))
      return check.add(
        `${at}.type`,
        `At most ${MAX_OF_TYPE[type]} ${type} button${MAX_OF_TYPE[type] === 1 ? '' : 's'}`,
      );
    checkButtonFields(check, button, at);
    checker(check, button, at);
  });
}

/** BUTTONS of an authentication template: exactly one OTP button (copy code, one-tap or zero-tap). */
export function checkOtpButtons(check: Check, component: Record<string, unknown>, path: string): void {
  const buttons = listOf(check, component, path);
  if (!buttons) return;
  if (buttons.length !== 1)
    return check.add(`${path}.buttons`, 'An authentication template has exactly one OTP button');
  const button = buttons[0];
  const at = `${path}.buttons[0]`;
  if (!isObject(button) || button.type !== 'OTP') return check.add(`${at}.type`, 'Must be OTP');
  checkButtonFields(check, button, at);
  if (!['COPY_CODE', 'ONE_TAP', 'ZERO_TAP'].includes(String(button.otp_type)))
    check.add(`${at}.otp_type`, 'Must be COPY_CODE, ONE_TAP or ZERO_TAP');
  if (button.text !== undefined) checkLabel(check, button, at);
}

function listOf(check: Check, component: Record<string, unknown>, path: string): unknown[] | null {
  const buttons = component.buttons;
  if (!Array.isArray(buttons) || buttons.length === 0) {
    check.add(`${path}.buttons`, 'At least one button');
    return null;
  }
  if (buttons.length > TEMPLATE_LIMITS.buttons) {
    check.add(`${path}.buttons`, `At most ${TEMPLATE_LIMITS.buttons} buttons`);
    return null;
  }
  return buttons;
}

function checkLabel(check: Check, button: Record<string, unknown>, path: string): void {
  if (!isText(button.text)) return check.add(`${path}.text`, 'The button needs its text');
  if (button.text.length > TEMPLATE_LIMITS.buttonText)
    check.add(`${path}.text`, `At most ${TEMPLATE_LIMITS.buttonText} characters`);
}

/** A URL button: http(s), at most one variable `{{1}}`, at the very end, with an example. */
function checkUrlButton(check: Check, button: Record<string, unknown>, path: string): void {
  checkLabel(check, button, path);
  const url = button.url;
  if (!isText(url)) return check.add(`${path}.url`, 'The button needs its URL');
  if (url.length > TEMPLATE_LIMITS.url)
    return check.add(`${path}.url`, `At most ${TEMPLATE_LIMITS.url} characters`);
  const tokens = tokensOf(url);
  if (
    tokens.length > 1 ||
    (tokens.length === 1 && (tokens[0]!.name !== '1' || tokens[0]!.end !== url.length))
  )
    return check.add(`${path}.url`, 'A URL has at most one variable, {{1}}, at its very end');
  const example = Array.isArray(button.example) ? button.example[0] : undefined;
  if (tokens.length === 1 && (!isText(example) || (button.example as unknown[]).length !== 1))
    return check.add(`${path}.example`, 'One example value for the URL variable: ["…"]');
  // The site must be in the fixed part: only a path or query may vary.
  const fixed = tokens.length === 1 ? url.slice(0, tokens[0]!.start) : url;
  if (!/^https?:\/\/[^/?#\s]+/i.test(fixed) || !isWebUrl(tokens.length === 1 ? fixed + String(example) : url))
    check.add(`${path}.url`, 'Must be an http or https URL');
}

const isWebUrl = (value: string): boolean => {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    return Boolean(new URL(value).hostname);
  } catch {
    return false;
  }
};

function checkPhoneButton(check: Check, button: Record<string, unknown>, path: string): void {
  checkLabel(check, button, path);
  const phone = button.phone_number;
  if (!isText(phone)) return check.add(`${path}.phone_number`, 'The button needs its phone number');
  if (phone.length > TEMPLATE_LIMITS.phoneNumber || !normalizePhone(phone))
    check.add(
      `${path}.phone_number`,
      'Must be a phone number with its country code, such as +52 55 1234 5678',
    );
}

/** A copy-code button's label is WhatsApp's own; the example code is at most 15 characters. */
function checkCopyCodeButton(check: Check, button: Record<string, unknown>, path: string): void {
  const example = Array.isArray(button.example) ? button.example[0] : button.example;
  if (!isText(example)) return check.add(`${path}.example`, 'A copy-code button needs an example code');
  if (example.length > TEMPLATE_LIMITS.copyCodeExample)
    check.add(`${path}.example`, `At most ${TEMPLATE_LIMITS.copyCodeExample} characters`);
}
