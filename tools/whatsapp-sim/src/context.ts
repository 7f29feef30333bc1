import type { SendLimitsConfig } from './config';
import type { Channel } from './payloads';
import type { SimulatorState, TemplateCategory } from './state';
import type { StatusRunner } from './status-runner';
import type { WebhookDeliverer } from './webhooks';

/** Send limits and phone number fields: see SendLimitsConfig (config.ts) for each one's default. */
export interface SimulatorOptions extends Partial<SendLimitsConfig> {
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
  /** The app id the Resumable Upload API answers to; any numeric id when unset. */
  appId?: string;
  /** Delay before a submitted template is approved. Default 1000 ms. */
  templateReviewDelayMs?: number;
  /** Approve submitted templates automatically after the delay. Default true. */
  templateAutoApprove?: boolean;
  /** Page size of template lists when the request gives no `limit`. Default 25. */
  templatePageSize?: number;
  /**
   * Refuse sends of template names the simulator does not know (132001). Default false: unknown
   * names are accepted as before, so tests that never create templates keep working.
   */
  strictTemplates?: boolean;
}

/** Settings the control API may change while the simulator runs. */
export interface LiveConfig extends SendLimitsConfig {
  webhookUrl?: string;
  autoStatuses: boolean;
  statusDelayMs: number;
  templateReviewDelayMs: number;
  templateAutoApprove: boolean;
  templatePageSize: number;
  strictTemplates: boolean;
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
  appId?: string;
  /** http://host:port (or publicUrl), without a trailing slash. */
  baseUrl(): string;
  /** The simulator's clock: real time plus the offset the control API set. */
  now(): number;
}
