// Original file: directory/v1/directory.proto

import type { Team as _directory_v1_Team, Team__Output as _directory_v1_Team__Output } from '../../directory/v1/Team';

export interface TeamList {
  'data'?: (_directory_v1_Team)[];
}

export interface TeamList__Output {
  'data': (_directory_v1_Team__Output)[];
}
