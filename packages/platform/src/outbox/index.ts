export * from './outbox';
export * from './event-recorder';
export * from './outbox-relay';
export * from './transact-then-publish';
export * from './service-outbox';
