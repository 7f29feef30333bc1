import type { FieldError } from '@inbox/platform';
import type { ParameterFormat, TemplateSendButtonType } from '@inbox/contracts';
import type { TemplateComponent } from './template-components';

/** The template a send resolves: what the parameter rules read. */
export interface SendableTemplate {
  parameterFormat: ParameterFormat;
  components: TemplateComponent[];
}

/** The parameters of a send, as the REST body has them. */
export interface SendParameters {
  header?: { text: string } | { link: string } | { id: string };
  body?: string[] | Record<string, string>;
  buttons?: { index: number; type: TemplateSendButtonType; text?: string; payload?: string }[];
}

export interface ButtonVariable {
  index: number;
  type: TemplateSendButtonType;
  /** Whether a send must carry a value (URL with a variable, copy code); quick replies may. */
  required: boolean;
}

export interface TemplateVariables {
  /** TEXT header: its variable names (positional '1', or named); media header: the format. */
  header: { format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT' | 'LOCATION' | null; variables: string[] };
  body: string[];
  buttons: ButtonVariable[];
}

export function variablesOf(
  components: readonly TemplateComponent[],
  format: ParameterFormat,
): TemplateVariables {
  void components;
  void format;
  throw new Error('not yet');
}

/** The parameters checked against the template's variables; empty = fine. Paths like `parameters.body[0]`. */
export function checkSendParameters(template: SendableTemplate, params: SendParameters): FieldError[] {
  void template;
  void params;
  throw new Error('not yet');
}

/** What the customer sees: header text, body and footer with the variables filled in. */
export function renderText(template: SendableTemplate, params: SendParameters): string {
  void template;
  void params;
  throw new Error('not yet');
}

/**
 * The Cloud API `template.components` of the send. A media header without an explicit header
 * parameter uses `headerMediaLink` (the template's own file).
 */
export function sendComponents(
  template: SendableTemplate,
  params: SendParameters,
  headerMediaLink?: string,
): unknown[] {
  void template;
  void params;
  void headerMediaLink;
  throw new Error('not yet');
}
