import type { Channel } from './payloads';
import type { SimulatorState, TemplateCategory } from './state';
import type { StatusRunner } from './status-runner';
import type { WebhookDeliverer } from './webhooks';

export interface SimulatorOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  appSecret: string;
  accessToken: string;
  phoneNumberId: string;
  wabaId: string;
  displayPhoneNumber: string;
  webhookUrl?: string;
  /** Emit sent → delivered → read after each successful send. Default true. */
  autoStatuses?: boolean;
  /** Gap between status webhooks. Default 50 ms. */
  statusDelayMs?: number;
  /** Gaps before webhook retries; attempts = 1 + length. Default [100, 400, 1600]. */
  webhookRetryDelaysMs?: number[];
  /** Per-attempt timeout of a webhook POST. Default 5000 ms. */
  webhookTimeoutMs?: number;
  /** How long a media download URL stays valid (Meta: 5 minutes). Default 300000 ms. */
  mediaUrlTtlMs?: number;
  /** Pricing category of templates not registered through the control API. Default marketing. */
  defaultTemplateCategory?: TemplateCategory;
  /** Base of the media URLs the simulator hands out, when it is reached through another name. */
  publicUrl?: string;
}

/** Settings the control API may change while the simulator runs. */
export interface LiveConfig {
  webhookUrl?: string;
  autoStatuses: boolean;
  statusDelayMs: number;
}

export interface SimContext {
  accessToken: string;
  channel: Channel;
  config: LiveConfig;
  mediaUrlTtlMs: number;
  /** A private temporary folder for uploaded files, removed when the simulator stops. */
  mediaDir: string;
  defaultTemplateCategory: TemplateCategory;
  state: SimulatorState;
  deliverer: WebhookDeliverer;
  runner: StatusRunner;
  /** http://host:port (or publicUrl), without a trailing slash. */
  baseUrl(): string;
}
