export * from './proto';
export * from './events';
export * from './rest/interactive';
export * from './reply-window';
export * from './search';
export * from './passwords';
export * from './message-errors';
export * from './templates';
export * from './pagination';
export * from './bulk';
export * from './users';
export * from './teams';
export * from './messages';
export * from './conversations';
export * from './contacts';
export * from './quick-replies';
export * from './campaigns';
export * from './bot';
export * from './history';
export * from './analytics';
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
export type {
  CampaignsServiceHandlers,
  CampaignsServiceClient,
} from './generated/campaigns/v1/CampaignsService';
export type {
  AnalyticsServiceHandlers,
  AnalyticsServiceClient,
} from './generated/analytics/v1/AnalyticsService';
