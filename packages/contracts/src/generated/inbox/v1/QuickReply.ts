// Original file: inbox/v1/inbox.proto

import type { MediaInfo as _inbox_v1_MediaInfo, MediaInfo__Output as _inbox_v1_MediaInfo__Output } from '../../inbox/v1/MediaInfo';

export interface QuickReply {
  'id'?: (string);
  'shortcut'?: (string);
  'label'?: (string);
  'text'?: (string);
  'active'?: (boolean);
  'media'?: (_inbox_v1_MediaInfo | null);
  'createdAt'?: (string);
  'updatedAt'?: (string);
  '_media'?: "media";
}

export interface QuickReply__Output {
  'id': (string);
  'shortcut': (string);
  'label': (string);
  'text': (string);
  'active': (boolean);
  'media'?: (_inbox_v1_MediaInfo__Output | null);
  'createdAt': (string);
  'updatedAt': (string);
  '_media'?: "media";
}
