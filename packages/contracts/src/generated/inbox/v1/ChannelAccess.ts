// Original file: inbox/v1/inbox.proto


export interface ChannelAccess {
  'orgId'?: (number);
  'phoneNumberId'?: (string);
  'wabaId'?: (string);
  'accessToken'?: (string);
  'apiBaseUrl'?: (string);
  'apiVersion'?: (string);
  'displayPhoneNumber'?: (string);
  '_displayPhoneNumber'?: "displayPhoneNumber";
}

export interface ChannelAccess__Output {
  'orgId': (number);
  'phoneNumberId': (string);
  'wabaId': (string);
  'accessToken': (string);
  'apiBaseUrl': (string);
  'apiVersion': (string);
  'displayPhoneNumber'?: (string);
  '_displayPhoneNumber'?: "displayPhoneNumber";
}
