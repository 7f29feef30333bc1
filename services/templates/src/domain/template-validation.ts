import type { FieldError } from '@inbox/platform';
import type { TemplateComponent } from './template-components';

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
 */
export function validateTemplate(input: TemplateDefinition): FieldError[] {
  void input;
  throw new Error('not yet');
}

/** The components of a template that `validateTemplate` accepted, typed. */
export const componentsOf = (input: TemplateDefinition): TemplateComponent[] =>
  input.components as TemplateComponent[];
