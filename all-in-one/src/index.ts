export { startSystem, type RunningSystem, type SystemOptions, type Bootstrap } from './system';
export { openAdapters, type Adapters } from './adapters';
export { embeddedHistorySources, migrateExportingServices } from './analytics-history';
