// Original file: analytics/v1/analytics.proto


export interface ReportDocument {
  'json'?: (string);
}

export interface ReportDocument__Output {
  'json': (string);
}
