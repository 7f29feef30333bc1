// Original file: directory/v1/directory.proto


export interface ScheduleStatus {
  'open'?: (boolean);
  'now'?: (string);
  'nextChangeAt'?: (string);
  'timezone'?: (string);
  '_nextChangeAt'?: "nextChangeAt";
}

export interface ScheduleStatus__Output {
  'open': (boolean);
  'now': (string);
  'nextChangeAt'?: (string);
  'timezone': (string);
  '_nextChangeAt'?: "nextChangeAt";
}
