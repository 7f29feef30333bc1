// Original file: directory/v1/directory.proto

import type { User as _directory_v1_User, User__Output as _directory_v1_User__Output } from '../../directory/v1/User';

export interface TokenPair {
  'accessToken'?: (string);
  'refreshToken'?: (string);
  'tokenType'?: (string);
  'expiresIn'?: (number);
  'user'?: (_directory_v1_User | null);
}

export interface TokenPair__Output {
  'accessToken': (string);
  'refreshToken': (string);
  'tokenType': (string);
  'expiresIn': (number);
  'user': (_directory_v1_User__Output | null);
}
