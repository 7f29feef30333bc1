// Original file: templates/v1/templates.proto


export interface SendParameters {
  'headerJson'?: (string);
  'bodyJson'?: (string);
  'buttonsJson'?: (string);
  '_headerJson'?: "headerJson";
  '_bodyJson'?: "bodyJson";
  '_buttonsJson'?: "buttonsJson";
}

export interface SendParameters__Output {
  'headerJson'?: (string);
  'bodyJson'?: (string);
  'buttonsJson'?: (string);
  '_headerJson'?: "headerJson";
  '_bodyJson'?: "bodyJson";
  '_buttonsJson'?: "buttonsJson";
}
