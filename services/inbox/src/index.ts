export { startInboxApp, type InboxApp, type InboxAppOptions } from './app';
export { inboxServiceDefinition } from './service';
export { grpcDirectoryLookup, type DirectoryLookup } from './directory-lookup';
