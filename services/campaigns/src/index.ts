export { startCampaignsApp, type CampaignsApp, type CampaignsAppOptions } from './app';
export { campaignsServiceDefinition } from './service';
export { grpcInboxPort } from './clients/inbox-client';
export { grpcTemplatesPort } from './clients/templates-client';
export { createMemorySendRate, createRedisSendRate } from './sending/send-rate';
export { loadPricing } from './pricing/pricing';
export { exportCampaignsHistory } from './usecases/history/export-campaigns-history';
export { DB_SCHEMA, MIGRATIONS_FOLDER } from './db/location';
export type { CampaignsDeps, CampaignsSettings, InboxPort, TemplatesPort } from './deps';
