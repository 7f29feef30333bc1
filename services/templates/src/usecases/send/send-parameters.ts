import { z } from 'zod';
import { TEMPLATE_SEND_BUTTON_TYPES } from '@inbox/contracts';
import { invalid, type FieldError } from '@inbox/platform';
import type { SendParameters } from '../../domain/template-parameters';

/** The parameters as they travel: each part is JSON text (templates.v1.SendParameters). */
export interface SendParametersJson {
  headerJson?: string;
  bodyJson?: string;
  buttonsJson?: string;
}

const header = z.union([
  z.strictObject({ text: z.string() }),
  z.strictObject({ link: z.string() }),
  z.strictObject({ id: z.string() }),
]);
const body = z.union([z.array(z.string()), z.record(z.string(), z.string())]);
const buttons = z.array(
  z.strictObject({
    index: z.number().int().nonnegative(),
    type: z.enum(TEMPLATE_SEND_BUTTON_TYPES),
    text: z.string().optional(),
    payload: z.string().optional(),
  }),
);

const SHAPES = {
  header: [header, 'An object with text, link or id'],
  body: [body, 'A list of values in order, or an object of named values'],
  buttons: [buttons, 'A list of { index, type, text | payload }'],
} as const;

function decodePart<K extends keyof typeof SHAPES>(
  part: K,
  text: string | undefined,
  errors: FieldError[],
): z.infer<(typeof SHAPES)[K][0]> | undefined {
  if (text === undefined || text === '') return undefined;
  const [schema, expected] = SHAPES[part];
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    errors.push({ path: `parameters.${part}`, message: 'Not valid JSON' });
    return undefined;
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as z.infer<(typeof SHAPES)[K][0]>;
  errors.push({ path: `parameters.${part}`, message: expected });
  return undefined;
}

/** The REST shape of a send's parameters; a part that is not that shape is a 400 on that part. */
export function decodeSendParameters(json: SendParametersJson | null | undefined): SendParameters {
  const errors: FieldError[] = [];
  const params: SendParameters = {
    header: decodePart('header', json?.headerJson, errors),
    body: decodePart('body', json?.bodyJson, errors),
    buttons: decodePart('buttons', json?.buttonsJson, errors),
  };
  if (errors.length > 0) throw invalid('VALIDATION_FAILED', 'The parameters are not valid', errors);
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined)) as SendParameters;
}
