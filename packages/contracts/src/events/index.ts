export * from './envelope';
export * from './directory';
export * from './inbox';
export * from './provider';
export * from './templates';
export * from './campaigns';
