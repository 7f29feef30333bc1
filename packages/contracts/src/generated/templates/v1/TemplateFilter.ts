// Original file: templates/v1/templates.proto


export interface TemplateFilter {
  'status'?: (string)[];
  'category'?: (string);
  'folder'?: (string);
  'language'?: (string);
  'search'?: (string);
  '_category'?: "category";
  '_folder'?: "folder";
  '_language'?: "language";
  '_search'?: "search";
}

export interface TemplateFilter__Output {
  'status': (string)[];
  'category'?: (string);
  'folder'?: (string);
  'language'?: (string);
  'search'?: (string);
  '_category'?: "category";
  '_folder'?: "folder";
  '_language'?: "language";
  '_search'?: "search";
}
