// Original file: directory/v1/directory.proto


export interface WeeklyInterval {
  'day'?: (string);
  'start'?: (string);
  'end'?: (string);
}

export interface WeeklyInterval__Output {
  'day': (string);
  'start': (string);
  'end': (string);
}
