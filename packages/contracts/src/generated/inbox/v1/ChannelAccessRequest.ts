// Original file: inbox/v1/inbox.proto


export interface ChannelAccessRequest {
  'wabaId'?: (string);
  '_wabaId'?: "wabaId";
}

export interface ChannelAccessRequest__Output {
  'wabaId'?: (string);
  '_wabaId'?: "wabaId";
}
