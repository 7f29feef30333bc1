export { startInboxApp, type InboxApp, type InboxAppOptions } from './app';
export { inboxServiceDefinition } from './service';
// The history export without gRPC: the all-in-one rebuild calls it in process.
export { exportInboxHistory } from './usecases/history/export-inbox-history';
export { llmEnv, llmOptions } from './config';
export type { LlmOptions } from './bot/intelligence';
export { grpcDirectoryLookup, type DirectoryLookup } from './directory-lookup';
// For the benchmark, which drives the list path in process against a seeded database.
export { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';
export type { InboxDeps } from './deps';
export { conversationQueryHandlers } from './grpc/conversation-queries.handlers';
