import { TEMPLATE_LABEL_MAX } from '@inbox/contracts';
import { invalid } from '@inbox/platform';

const CONTROL = /[\u0000-\u001f\u007f]/;

/** A folder name or inbox category: trimmed; unset or empty means none. */
export function checkLabel(value: string | undefined | null, field: string): string | null {
  const label = value?.trim() ?? '';
  if (label === '') return null;
  if (label.length > TEMPLATE_LABEL_MAX || CONTROL.test(label))
    throw invalid('VALIDATION_FAILED', `The ${field} is not valid`, [
      { path: field, message: `At most ${TEMPLATE_LABEL_MAX} characters, no control characters` },
    ]);
  return label;
}
