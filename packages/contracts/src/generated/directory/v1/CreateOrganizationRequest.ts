// Original file: directory/v1/directory.proto

import type { NewAdmin as _directory_v1_NewAdmin, NewAdmin__Output as _directory_v1_NewAdmin__Output } from '../../directory/v1/NewAdmin';

export interface CreateOrganizationRequest {
  'clientId'?: (number);
  'name'?: (string);
  'admin'?: (_directory_v1_NewAdmin | null);
  '_clientId'?: "clientId";
}

export interface CreateOrganizationRequest__Output {
  'clientId'?: (number);
  'name': (string);
  'admin': (_directory_v1_NewAdmin__Output | null);
  '_clientId'?: "clientId";
}
