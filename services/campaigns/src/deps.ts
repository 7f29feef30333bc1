import type { CallerContext, Cache, Db, Logger } from '@inbox/platform';
import type { CampaignsServiceHandlers, InboxServiceClient, TemplatesServiceClient } from '@inbox/contracts';
import type { PromiseClient } from '@inbox/platform';
import { CloudApiClient } from '@inbox/whatsapp';
import type { CampaignsEventRecorder } from './events';
import type { Pricing } from './pricing/types';

type InboxCalls = PromiseClient<InboxServiceClient>;
type TemplatesCalls = PromiseClient<TemplatesServiceClient>;
/** A channel's credentials as the inbox hands them to services (`inbox.v1.ChannelAccess`). */
export type ChannelAccess = Awaited<ReturnType<InboxCalls['GetChannelAccess']>>;
/** `templates.v1.PreparedSends`: the template, and each recipient's send prepared or refused. */
export type PreparedSends = Awaited<ReturnType<TemplatesCalls['PrepareSends']>>;
export type PrepareSendsRequest = Parameters<TemplatesCalls['PrepareSends']>[0];
/** `inbox.v1.Message` as the inbox answers a send. */
export type InboxMessage = Awaited<ReturnType<InboxCalls['SendMessage']>>;

/** What the campaigns service asks the inbox (which owns channels, conversations and messages). */
export interface InboxPort {
  /** The organization's channel; `not_found` (CHANNEL_NOT_CONFIGURED) when it has none. */
  getChannelAccess(orgId: number, requestId: string): Promise<ChannelAccess>;
  /**
   * Sends a survey question into the recipient's conversation (inside the window their answer
   * opened); stored with sender `campaign`. The idempotency key makes a redelivered event send once.
   */
  sendSurveyMessage(
    orgId: number,
    requestId: string,
    message: {
      conversationId: string;
      type: 'text' | 'interactive';
      text?: string;
      interactiveJson?: string;
      idempotencyKey: string;
    },
  ): Promise<InboxMessage>;
  close(): void;
}

/** What the campaigns service asks the templates service (which owns templates and their send rules). */
export interface TemplatesPort {
  /** At most 5,000 parameter sets a call; `conflict` TEMPLATE_NOT_APPROVED, `not_found` for an unknown id. */
  prepareSends(orgId: number, requestId: string, request: PrepareSendsRequest): Promise<PreparedSends>;
  close(): void;
}

/** A Cloud API client for one channel: the same code talks to Meta and to the simulator. */
export type WhatsAppFactory = (channel: ChannelAccess) => CloudApiClient;

export const cloudApiFor: WhatsAppFactory = (channel) =>
  new CloudApiClient({
    baseUrl: channel.apiBaseUrl,
    version: channel.apiVersion,
    phoneNumberId: channel.phoneNumberId,
    wabaId: channel.wabaId,
    accessToken: channel.accessToken,
  });

/**
 * One send rate per phone number, shared by every worker replica: a token bucket in Redis in the
 * distributed mode, in memory in the all-in-one mode (src/sending/send-rate.ts).
 */
export interface SendRateLimiter {
  /** Resolves when one send to this number may go at `ratePerSecond` (waiting as long as needed). */
  acquire(phoneNumberId: string, ratePerSecond: number): Promise<void>;
  /** WhatsApp said 130429 (or another throttle): no send from this number before `ms` have passed. */
  backOff(phoneNumberId: string, ms: number): Promise<void>;
}

export interface CampaignsSettings {
  /** Messages per second per number when WhatsApp reports STANDARD throughput (80). */
  standardSendRate: number;
  /** ... and when it reports HIGH (1,000). */
  highSendRate: number;
  /** The operator's fixed rate for every number (CAMPAIGNS_SEND_RATE), over what WhatsApp reports. */
  sendRateOverride?: number;
  /** Recipients per send job on the send queue. */
  sliceSize: number;
  /** Sends in flight at once per worker process. */
  sendConcurrency: number;
  /** How long a claimed recipient's send may take before its outcome counts as unknown. */
  leaseSeconds: number;
  /** This process, in claims and leases (host name and pid). */
  workerId: string;
}

/** Everything a use case may touch, built once in app.ts (or worker.ts) and passed as a plain object. */
export interface CampaignsDeps {
  db: Db;
  events: CampaignsEventRecorder;
  inbox: InboxPort;
  templates: TemplatesPort;
  whatsappFor: WhatsAppFactory;
  sendRate: SendRateLimiter;
  /** Answers of WhatsApp worth keeping a while (phone status, provider costs): Redis or memory. */
  cache: Cache;
  pricing: Pricing;
  settings: CampaignsSettings;
  logger: Logger;
  now: () => Date;
}

export type CampaignsImpl = CampaignsServiceHandlers;
export type { CallerContext };
