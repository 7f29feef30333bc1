// Original file: inbox/v1/inbox.proto


export interface WhatsAppSettings {
  'phoneNumberId'?: (string);
  'wabaId'?: (string);
  'displayPhoneNumber'?: (string);
  'apiBaseUrl'?: (string);
  'apiVersion'?: (string);
  'accessTokenSet'?: (boolean);
  'botEnabled'?: (boolean);
  'updatedAt'?: (string);
  '_displayPhoneNumber'?: "displayPhoneNumber";
  '_updatedAt'?: "updatedAt";
}

export interface WhatsAppSettings__Output {
  'phoneNumberId': (string);
  'wabaId': (string);
  'displayPhoneNumber'?: (string);
  'apiBaseUrl': (string);
  'apiVersion': (string);
  'accessTokenSet': (boolean);
  'botEnabled': (boolean);
  'updatedAt'?: (string);
  '_displayPhoneNumber'?: "displayPhoneNumber";
  '_updatedAt'?: "updatedAt";
}
