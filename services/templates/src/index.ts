export { startTemplatesApp, type TemplatesApp, type TemplatesAppOptions } from './app';
export { templatesServiceDefinition } from './service';
export { grpcInboxPort, type InboxPort, type ChannelAccess } from './inbox-client';
export type { TemplatesDeps, TemplatesSettings } from './deps';
