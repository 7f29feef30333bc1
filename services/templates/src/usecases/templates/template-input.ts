import {
  DEFAULT_PARAMETER_FORMAT,
  DEFAULT_TEMPLATE_LANGUAGE,
  type ParameterFormat,
  type TemplateCategory,
} from '@inbox/contracts';
import { conflict, invalid } from '@inbox/platform';
import type { StoredComponent } from '../../db/schema';
import { validateTemplate } from '../../domain/template-validation';

/** A template as the caller writes it (POST /templates, drafts, edits). */
export interface TemplateInput {
  name: string;
  /** Default es_MX. */
  language?: string;
  category: string;
  /** Parsed JSON: WhatsApp's component list. */
  components: unknown;
  /** Default POSITIONAL. */
  parameterFormat?: string;
}

/** A template that passed WhatsApp's rules, with the defaults filled in. */
export interface CheckedTemplate {
  name: string;
  language: string;
  category: TemplateCategory;
  parameterFormat: ParameterFormat;
  components: StoredComponent[];
}

/** WhatsApp's rules before anything is stored or sent: a 400 with one field error per problem. */
export function checkTemplateInput(input: TemplateInput): CheckedTemplate {
  const definition = {
    name: input.name,
    language: input.language || DEFAULT_TEMPLATE_LANGUAGE,
    category: input.category,
    parameterFormat: input.parameterFormat || DEFAULT_PARAMETER_FORMAT,
    components: input.components,
  };
  const errors = validateTemplate(definition);
  if (errors.length > 0) throw invalid('VALIDATION_FAILED', 'The template is not valid', errors);
  return {
    ...definition,
    category: definition.category as TemplateCategory,
    parameterFormat: definition.parameterFormat as ParameterFormat,
    components: definition.components as StoredComponent[],
  };
}

export const nameTaken = (name: string, language: string) =>
  conflict('TEMPLATE_EXISTS', `A template named ${name} already exists in ${language}`);
