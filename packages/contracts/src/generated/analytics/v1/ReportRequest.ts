// Original file: analytics/v1/analytics.proto


export interface ReportRequest {
  'from'?: (string);
  'to'?: (string);
  'timezone'?: (string);
  'force'?: (boolean);
  'excludeIncomplete'?: (boolean);
  '_from'?: "from";
  '_to'?: "to";
  '_timezone'?: "timezone";
}

export interface ReportRequest__Output {
  'from'?: (string);
  'to'?: (string);
  'timezone'?: (string);
  'force': (boolean);
  'excludeIncomplete': (boolean);
  '_from'?: "from";
  '_to'?: "to";
  '_timezone'?: "timezone";
}
