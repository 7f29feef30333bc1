export * from './outbox';
