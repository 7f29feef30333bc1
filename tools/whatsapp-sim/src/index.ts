export { startSimulator, type Simulator } from './server';
export type { SimulatorOptions, LiveConfig } from './context';
export {
  SimulatorState,
  type Customer,
  type DeliveryAttempt,
  type FailureRule,
  type MediaRecord,
  type SentMessage,
  type StatusName,
  type TemplateCategory,
  type WebhookDelivery,
} from './state';
export { escapeNonAscii, serializeWebhookBody, signBody } from './signing';
