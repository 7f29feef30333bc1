// Original file: templates/v1/templates.proto


export interface PreparedSend {
  'componentsJson'?: (string);
  'renderedText'?: (string);
  'error'?: (string);
  '_componentsJson'?: "componentsJson";
  '_renderedText'?: "renderedText";
  '_error'?: "error";
}

export interface PreparedSend__Output {
  'componentsJson'?: (string);
  'renderedText'?: (string);
  'error'?: (string);
  '_componentsJson'?: "componentsJson";
  '_renderedText'?: "renderedText";
  '_error'?: "error";
}
