// Original file: directory/v1/directory.proto


export interface ChangePasswordRequest {
  'currentPassword'?: (string);
  'newPassword'?: (string);
}

export interface ChangePasswordRequest__Output {
  'currentPassword': (string);
  'newPassword': (string);
}
