export * from './proto';
export * from './events';
export * from './rest/interactive';
export * from './reply-window';
export * from './search';
export * from './passwords';
export * from './message-errors';
export * from './templates';
export type * as directory from './generated/directory/v1/DirectoryService';
export type {
  DirectoryServiceHandlers,
  DirectoryServiceClient,
} from './generated/directory/v1/DirectoryService';
export type { InboxServiceHandlers, InboxServiceClient } from './generated/inbox/v1/InboxService';
export type {
  TemplatesServiceHandlers,
  TemplatesServiceClient,
} from './generated/templates/v1/TemplatesService';
