// Original file: directory/v1/directory.proto

import type { User as _directory_v1_User, User__Output as _directory_v1_User__Output } from '../../directory/v1/User';

export interface UserList {
  'data'?: (_directory_v1_User)[];
}

export interface UserList__Output {
  'data': (_directory_v1_User__Output)[];
}
