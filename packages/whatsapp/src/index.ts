export * from './client';
export * from './errors';
export * from './interactive';
export * from './media';
export * from './signature';
export * from './webhooks';
export * from './multipart';
