export * from './bus';
export { BUS_DEFAULTS, retryDelayMs, topicMatches } from './delivery';
export { DurableBus, type DurableBusOptions } from './durable-bus';
export { InProcessBus } from './in-process-bus';
export { RabbitMqBus, type RabbitMqBusOptions } from './rabbitmq-bus';
