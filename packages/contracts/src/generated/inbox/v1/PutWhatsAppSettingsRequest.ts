// Original file: inbox/v1/inbox.proto


export interface PutWhatsAppSettingsRequest {
  'phoneNumberId'?: (string);
  'wabaId'?: (string);
  'displayPhoneNumber'?: (string);
  'apiBaseUrl'?: (string);
  'apiVersion'?: (string);
  'accessToken'?: (string);
  'botEnabled'?: (boolean);
  '_displayPhoneNumber'?: "displayPhoneNumber";
  '_apiBaseUrl'?: "apiBaseUrl";
  '_apiVersion'?: "apiVersion";
  '_accessToken'?: "accessToken";
  '_botEnabled'?: "botEnabled";
}

export interface PutWhatsAppSettingsRequest__Output {
  'phoneNumberId': (string);
  'wabaId': (string);
  'displayPhoneNumber'?: (string);
  'apiBaseUrl'?: (string);
  'apiVersion'?: (string);
  'accessToken'?: (string);
  'botEnabled'?: (boolean);
  '_displayPhoneNumber'?: "displayPhoneNumber";
  '_apiBaseUrl'?: "apiBaseUrl";
  '_apiVersion'?: "apiVersion";
  '_accessToken'?: "accessToken";
  '_botEnabled'?: "botEnabled";
}
