// Original file: directory/v1/directory.proto


export interface ListTeamsRequest {
  'includeInactive'?: (boolean);
}

export interface ListTeamsRequest__Output {
  'includeInactive': (boolean);
}
