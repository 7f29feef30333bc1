import type { ParameterFormat, TemplateSendButtonType } from '@inbox/contracts';
import { bodyOf, buttonsOf, headerOf, type TemplateComponent } from './template-components';
import { tokensOf, variableNames } from './template-variables';
import { isObject } from './validation-check';

/** The template a send resolves: what the parameter rules read. */
export interface SendableTemplate {
  parameterFormat: ParameterFormat;
  components: TemplateComponent[];
}

/** The parameters of a send, as the REST body has them (checked at run time: they come as JSON). */
export interface SendParameters {
  header?: { text: string } | { link: string } | { id: string };
  body?: string[] | Record<string, string>;
  buttons?: { index: number; type: TemplateSendButtonType; text?: string; payload?: string }[];
}

export interface ButtonVariable {
  index: number;
  type: TemplateSendButtonType;
  /** Whether a send must carry a value (URL with a variable, copy code, OTP); quick replies may. */
  required: boolean;
}

export interface TemplateVariables {
  /** The header's format (null: no header) and, for a TEXT header, its variable names. */
  header: { format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION' | null; variables: string[] };
  /** Positional '1'…'n', or the names in order of first appearance. */
  body: string[];
  buttons: ButtonVariable[];
}

/**
 * What a send of this template must fill in. An authentication template has a fixed body with one
 * variable (the code), and its OTP button takes the code again as a URL parameter (REF §2).
 */
export function variablesOf(
  components: readonly TemplateComponent[],
  format: ParameterFormat,
): TemplateVariables {
  const header = headerOf(components);
  const body = bodyOf(components);
  return {
    header: {
      format: header?.format ?? null,
      variables: header?.format === 'TEXT' && header.text ? variableNames(header.text, format) : [],
    },
    body: body && typeof body.text !== 'string' ? ['1'] : variableNames(body?.text ?? '', format),
    buttons: buttonsOf(components).flatMap((button, index): ButtonVariable[] => {
      if (button.type === 'URL' && tokensOf(button.url ?? '').length > 0)
        return [{ index, type: 'url', required: true }];
      if (button.type === 'OTP') return [{ index, type: 'url', required: true }];
      if (button.type === 'COPY_CODE') return [{ index, type: 'copy_code', required: true }];
      if (button.type === 'QUICK_REPLY') return [{ index, type: 'quick_reply', required: false }];
      return [];
    }),
  };
}

/** The value a send gives a variable: `{{1}}` is the first of a list, `{{name}}` a key of an object. */
export const valueOf =
  (values: unknown) =>
  (name: string): string | undefined => {
    const value = Array.isArray(values)
      ? values[Number(name) - 1]
      : isObject(values)
        ? values[name]
        : undefined;
    return typeof value === 'string' ? value : undefined;
  };
