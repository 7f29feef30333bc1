// Original file: inbox/v1/inbox.proto


export interface MediaInfo {
  'mimeType'?: (string);
  'size'?: (number);
  'filename'?: (string);
  'caption'?: (string);
  'status'?: (string);
  'error'?: (string);
  'sha256'?: (string);
  '_mimeType'?: "mimeType";
  '_size'?: "size";
  '_filename'?: "filename";
  '_caption'?: "caption";
  '_error'?: "error";
  '_sha256'?: "sha256";
}

export interface MediaInfo__Output {
  'mimeType'?: (string);
  'size'?: (number);
  'filename'?: (string);
  'caption'?: (string);
  'status': (string);
  'error'?: (string);
  'sha256'?: (string);
  '_mimeType'?: "mimeType";
  '_size'?: "size";
  '_filename'?: "filename";
  '_caption'?: "caption";
  '_error'?: "error";
  '_sha256'?: "sha256";
}
