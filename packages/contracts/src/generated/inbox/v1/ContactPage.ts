// Original file: inbox/v1/inbox.proto

import type { Contact as _inbox_v1_Contact, Contact__Output as _inbox_v1_Contact__Output } from '../../inbox/v1/Contact';

export interface ContactPage {
  'data'?: (_inbox_v1_Contact)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}

export interface ContactPage__Output {
  'data': (_inbox_v1_Contact__Output)[];
  'nextCursor'?: (string);
  '_nextCursor'?: "nextCursor";
}
