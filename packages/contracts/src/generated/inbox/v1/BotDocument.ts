// Original file: inbox/v1/inbox.proto


export interface BotDocument {
  'json'?: (string);
  'updatedAt'?: (string);
  '_updatedAt'?: "updatedAt";
}

export interface BotDocument__Output {
  'json': (string);
  'updatedAt'?: (string);
  '_updatedAt'?: "updatedAt";
}
