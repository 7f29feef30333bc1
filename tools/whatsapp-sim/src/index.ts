export { startSimulator, type Simulator } from './server';
export type { SimulatorOptions, LiveConfig } from './context';
export {
  THROUGHPUT_MPS,
  throughputCap,
  type MessagingLimitTier,
  type PhoneStatus,
  type QualityRating,
  type SendLimitsConfig,
  type ThroughputLevel,
} from './config';
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
export type { GraphFailureRule } from './graph-failures';
export { escapeNonAscii, serializeWebhookBody, signBody } from './signing';
