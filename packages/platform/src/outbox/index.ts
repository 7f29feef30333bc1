export * from './outbox';
export * from './event-recorder';
