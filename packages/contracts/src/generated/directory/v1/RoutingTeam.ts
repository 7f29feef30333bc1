// Original file: directory/v1/directory.proto

import type { RoutingMember as _directory_v1_RoutingMember, RoutingMember__Output as _directory_v1_RoutingMember__Output } from '../../directory/v1/RoutingMember';
import type { ScheduleStatus as _directory_v1_ScheduleStatus, ScheduleStatus__Output as _directory_v1_ScheduleStatus__Output } from '../../directory/v1/ScheduleStatus';

export interface RoutingTeam {
  'id'?: (string);
  'active'?: (boolean);
  'members'?: (_directory_v1_RoutingMember)[];
  'schedule'?: (_directory_v1_ScheduleStatus | null);
}

export interface RoutingTeam__Output {
  'id': (string);
  'active': (boolean);
  'members': (_directory_v1_RoutingMember__Output)[];
  'schedule': (_directory_v1_ScheduleStatus__Output | null);
}
