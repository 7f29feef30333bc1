// Original file: directory/v1/directory.proto

import type { WeeklyInterval as _directory_v1_WeeklyInterval, WeeklyInterval__Output as _directory_v1_WeeklyInterval__Output } from '../../directory/v1/WeeklyInterval';
import type { Holiday as _directory_v1_Holiday, Holiday__Output as _directory_v1_Holiday__Output } from '../../directory/v1/Holiday';

export interface PutScheduleRequest {
  'teamId'?: (string);
  'timezone'?: (string);
  'weeklyHours'?: (_directory_v1_WeeklyInterval)[];
  'holidays'?: (_directory_v1_Holiday)[];
}

export interface PutScheduleRequest__Output {
  'teamId': (string);
  'timezone': (string);
  'weeklyHours': (_directory_v1_WeeklyInterval__Output)[];
  'holidays': (_directory_v1_Holiday__Output)[];
}
