import { QUICK_REPLY_LIMITS, QUICK_REPLY_SHORTCUT_PATTERN } from '@inbox/contracts';
import { conflict, invalid, type FieldError } from '@inbox/platform';
import type { QuickReplyPatch } from '../../db/repositories/quick-replies.repository';

export interface NewQuickReply {
  shortcut: string;
  label: string;
  text: string;
  active?: boolean;
}

// Quick replies record no events: no other service or consumer needs them (agents fetch them when
// composing). Add events here if that ever changes.

/** Agents type shortcuts as "/greeting"; the slash is how they call it up, not part of its name. */
export function normalizeShortcut(raw: string): string {
  const trimmed = raw.trim();
  return trimmed.startsWith('/') ? trimmed.slice(1) : trimmed;
}

export const shortcutTaken = (shortcut: string) =>
  conflict('SHORTCUT_TAKEN', `The shortcut "/${shortcut}" is already used by another quick reply`);

/**
 * Normalizes and checks the fields present in `input` (all of them when `required`), reporting every
 * bad field at once; nothing is written when this throws.
 */
export function checkQuickReplyFields(input: QuickReplyPatch, required: boolean): QuickReplyPatch {
  const errors: FieldError[] = [];
  const out: QuickReplyPatch = {};
  const present = (value: string | undefined, path: string): value is string => {
    if (value !== undefined) return true;
    if (required) errors.push({ path, message: 'Required' });
    return false;
  };
  if (present(input.shortcut, 'shortcut')) {
    out.shortcut = normalizeShortcut(input.shortcut);
    if (!QUICK_REPLY_SHORTCUT_PATTERN.test(out.shortcut))
      errors.push({
        path: 'shortcut',
        message: 'Use 1 to 32 letters, digits, "-" or "_" (a leading "/" is ignored)',
      });
  }
  if (present(input.label, 'label')) {
    out.label = input.label.trim();
    if (out.label.length < 1 || out.label.length > QUICK_REPLY_LIMITS.label)
      errors.push({ path: 'label', message: `Use 1 to ${QUICK_REPLY_LIMITS.label} characters` });
  }
  if (present(input.text, 'text')) {
    out.text = input.text.trim();
    if (out.text.length < 1 || out.text.length > QUICK_REPLY_LIMITS.text)
      errors.push({ path: 'text', message: `Use 1 to ${QUICK_REPLY_LIMITS.text} characters` });
  }
  if (input.active !== undefined) out.active = input.active;
  if (errors.length > 0) throw invalid('VALIDATION_FAILED', 'The quick reply is not valid', errors);
  return out;
}

export const checkNewQuickReply = (input: NewQuickReply): NewQuickReply =>
  // With `required`, every text field is present or the call has thrown.
  checkQuickReplyFields(input, true) as NewQuickReply;
