// Original file: inbox/v1/inbox.proto


export interface ChannelSummary {
  'orgId'?: (number);
  'wabaId'?: (string);
}

export interface ChannelSummary__Output {
  'orgId': (number);
  'wabaId': (string);
}
