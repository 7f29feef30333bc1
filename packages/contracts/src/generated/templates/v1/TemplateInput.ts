// Original file: templates/v1/templates.proto


export interface TemplateInput {
  'name'?: (string);
  'language'?: (string);
  'category'?: (string);
  'componentsJson'?: (string);
  'parameterFormat'?: (string);
  '_language'?: "language";
  '_parameterFormat'?: "parameterFormat";
}

export interface TemplateInput__Output {
  'name': (string);
  'language'?: (string);
  'category': (string);
  'componentsJson': (string);
  'parameterFormat'?: (string);
  '_language'?: "language";
  '_parameterFormat'?: "parameterFormat";
}
