// Original file: directory/v1/directory.proto

import type { TeamMember as _directory_v1_TeamMember, TeamMember__Output as _directory_v1_TeamMember__Output } from '../../directory/v1/TeamMember';

export interface Team {
  'id'?: (string);
  'name'?: (string);
  'description'?: (string);
  'active'?: (boolean);
  'memberCount'?: (number);
  'members'?: (_directory_v1_TeamMember)[];
  'createdAt'?: (string);
  'updatedAt'?: (string);
  '_description'?: "description";
}

export interface Team__Output {
  'id': (string);
  'name': (string);
  'description'?: (string);
  'active': (boolean);
  'memberCount': (number);
  'members': (_directory_v1_TeamMember__Output)[];
  'createdAt': (string);
  'updatedAt': (string);
  '_description'?: "description";
}
