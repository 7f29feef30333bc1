export * from './envelope';
export * from './directory';
