// Original file: templates/v1/templates.proto


export interface SetFolderRequest {
  'id'?: (string);
  'folder'?: (string);
  '_folder'?: "folder";
}

export interface SetFolderRequest__Output {
  'id': (string);
  'folder'?: (string);
  '_folder'?: "folder";
}
