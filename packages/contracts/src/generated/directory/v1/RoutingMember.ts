// Original file: directory/v1/directory.proto


export interface RoutingMember {
  'userId'?: (string);
  'status'?: (string);
}

export interface RoutingMember__Output {
  'userId': (string);
  'status': (string);
}
