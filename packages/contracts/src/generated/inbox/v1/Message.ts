// Original file: inbox/v1/inbox.proto

import type { MediaInfo as _inbox_v1_MediaInfo, MediaInfo__Output as _inbox_v1_MediaInfo__Output } from '../../inbox/v1/MediaInfo';
import type { MessageError as _inbox_v1_MessageError, MessageError__Output as _inbox_v1_MessageError__Output } from '../../inbox/v1/MessageError';

export interface Message {
  'id'?: (string);
  'conversationId'?: (string);
  'direction'?: (string);
  'sender'?: (string);
  'senderUserId'?: (string);
  'type'?: (string);
  'text'?: (string);
  'media'?: (_inbox_v1_MediaInfo | null);
  'reaction'?: (string);
  'hidden'?: (boolean);
  'status'?: (string);
  'error'?: (_inbox_v1_MessageError | null);
  'providerMessageId'?: (string);
  'createdAt'?: (string);
  'contentJson'?: (string);
  'replyToMessageId'?: (string);
  '_senderUserId'?: "senderUserId";
  '_text'?: "text";
  '_media'?: "media";
  '_reaction'?: "reaction";
  '_error'?: "error";
  '_providerMessageId'?: "providerMessageId";
  '_contentJson'?: "contentJson";
  '_replyToMessageId'?: "replyToMessageId";
}

export interface Message__Output {
  'id': (string);
  'conversationId': (string);
  'direction': (string);
  'sender': (string);
  'senderUserId'?: (string);
  'type': (string);
  'text'?: (string);
  'media'?: (_inbox_v1_MediaInfo__Output | null);
  'reaction'?: (string);
  'hidden': (boolean);
  'status': (string);
  'error'?: (_inbox_v1_MessageError__Output | null);
  'providerMessageId'?: (string);
  'createdAt': (string);
  'contentJson'?: (string);
  'replyToMessageId'?: (string);
  '_senderUserId'?: "senderUserId";
  '_text'?: "text";
  '_media'?: "media";
  '_reaction'?: "reaction";
  '_error'?: "error";
  '_providerMessageId'?: "providerMessageId";
  '_contentJson'?: "contentJson";
  '_replyToMessageId'?: "replyToMessageId";
}
