import { z } from 'zod';
import type { LiveConfig, SimulatorOptions } from './context';

/** A phone number's throughput level (`throughput.level`): 80 or 1,000 messages per second. */
export const THROUGHPUT_LEVELS = ['STANDARD', 'HIGH'] as const;
export type ThroughputLevel = (typeof THROUGHPUT_LEVELS)[number];
export const THROUGHPUT_MPS: Record<ThroughputLevel, number> = { STANDARD: 80, HIGH: 1000 };

/** v24 `whatsapp_business_manager_messaging_limit` values. */
export const MESSAGING_LIMIT_TIERS = [
  'TIER_250',
  'TIER_2K',
  'TIER_10K',
  'TIER_100K',
  'TIER_UNLIMITED',
] as const;
export type MessagingLimitTier = (typeof MESSAGING_LIMIT_TIERS)[number];

export const QUALITY_RATINGS = ['GREEN', 'YELLOW', 'RED', 'UNKNOWN'] as const;
export type QualityRating = (typeof QUALITY_RATINGS)[number];

/** A phone number's `status` as Graph answers it. */
export const PHONE_STATUSES = [
  'CONNECTED',
  'DISCONNECTED',
  'FLAGGED',
  'MIGRATED',
  'PENDING',
  'RATE_LIMITED',
  'RESTRICTED',
  'BANNED',
  'DELETED',
  'UNKNOWN',
  'UNVERIFIED',
] as const;
export type PhoneStatus = (typeof PHONE_STATUSES)[number];

/**
 * The (business number, user) pair rate as a token bucket: `burst` sends at once, then one more per
 * `intervalMs` (Meta: bursts of 45, about one message per 6 s sustained).
 */
export interface PairRateLimit {
  burst: number;
  intervalMs: number;
}

/** Send limits, the phone number's fields, status batching and memory bounds (all live: `/_sim/config`). */
export interface SendLimitsConfig {
  throughputLevel: ThroughputLevel;
  /** Overrides the level's cap (messages per second per phone number id); null = the level's. */
  throughputMps: number | null;
  /** Refuse sends beyond the cap with 130429. */
  enforceThroughput: boolean;
  pairRateLimit: PairRateLimit;
  /** Refuse sends beyond the pair rate with 131056. */
  enforcePairRate: boolean;
  messagingLimitTier: MessagingLimitTier;
  qualityRating: QualityRating;
  phoneStatus: PhoneStatus;
  /** Most statuses in one webhook; 1 = one status per webhook. */
  statusBatchMax: number;
  /** How long a status waits for others of the same number before its webhook leaves; 0 = only those due together. */
  statusBatchWindowMs: number;
  /** Sends kept for `/_sim/sent` (oldest forgotten first); per-recipient counts are kept for all. */
  sentLimit: number;
  /** Webhook deliveries kept for `/_sim/webhooks` (oldest finished ones forgotten first). */
  webhookLogLimit: number;
}

export const SEND_LIMIT_DEFAULTS: SendLimitsConfig = {
  throughputLevel: 'STANDARD',
  throughputMps: null,
  enforceThroughput: true,
  pairRateLimit: { burst: 45, intervalMs: 6000 },
  enforcePairRate: true,
  messagingLimitTier: 'TIER_250',
  qualityRating: 'GREEN',
  phoneStatus: 'CONNECTED',
  statusBatchMax: 1,
  statusBatchWindowMs: 0,
  sentLimit: 20_000,
  webhookLogLimit: 20_000,
};

/** The cap in force: the explicit override, else the level's. */
export function throughputCap(config: Pick<SendLimitsConfig, 'throughputLevel' | 'throughputMps'>): number {
  return config.throughputMps ?? THROUGHPUT_MPS[config.throughputLevel];
}

/** The live settings a simulator starts with. */
export function liveConfigOf(options: SimulatorOptions): LiveConfig {
  const limits = { ...SEND_LIMIT_DEFAULTS };
  for (const key of Object.keys(limits) as (keyof SendLimitsConfig)[]) {
    if (options[key] !== undefined) Object.assign(limits, { [key]: options[key] });
  }
  return {
    webhookUrl: options.webhookUrl,
    autoStatuses: options.autoStatuses ?? true,
    statusDelayMs: options.statusDelayMs ?? 50,
    templateReviewDelayMs: options.templateReviewDelayMs ?? 1000,
    templateAutoApprove: options.templateAutoApprove ?? true,
    templatePageSize: options.templatePageSize ?? 25,
    strictTemplates: options.strictTemplates ?? false,
    ...limits,
  };
}

const bool = z.enum(['true', 'false']).transform((v) => v === 'true');
const count = (max = Number.MAX_SAFE_INTEGER) => z.coerce.number().int().min(1).max(max);

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  SIM_HOST: z.string().min(1).default('127.0.0.1'),
  SIM_PUBLIC_URL: z.url().optional(),
  WHATSAPP_APP_SECRET: z.string().min(1),
  SIM_ACCESS_TOKEN: z.string().min(1).default('sim-access-token'),
  SIM_PHONE_NUMBER_ID: z.string().regex(/^\d+$/).default('106540352242922'),
  SIM_WABA_ID: z.string().regex(/^\d+$/).default('102290129340398'),
  SIM_DISPLAY_NUMBER: z.string().min(1).default('15550783881'),
  SIM_WEBHOOK_URL: z.url().optional(),
  SIM_AUTO_STATUSES: z.enum(['true', 'false']).default('true'),
  SIM_STATUS_DELAY_MS: z.coerce.number().int().nonnegative().default(50),
  SIM_APP_ID: z.string().regex(/^\d+$/).optional(),
  SIM_TEMPLATE_REVIEW_DELAY_MS: z.coerce.number().int().nonnegative().default(1000),
  SIM_TEMPLATE_AUTO_APPROVE: z.enum(['true', 'false']).default('true'),
  SIM_TEMPLATE_PAGE_SIZE: z.coerce.number().int().min(1).max(1000).default(25),
  SIM_STRICT_TEMPLATES: z.enum(['true', 'false']).default('false'),
  SIM_THROUGHPUT_LEVEL: z.enum(THROUGHPUT_LEVELS).optional(),
  SIM_THROUGHPUT_MPS: count(1_000_000).optional(),
  SIM_ENFORCE_THROUGHPUT: bool.optional(),
  SIM_PAIR_RATE_BURST: count(1_000_000).optional(),
  SIM_PAIR_RATE_INTERVAL_MS: count().optional(),
  SIM_ENFORCE_PAIR_RATE: bool.optional(),
  SIM_MESSAGING_LIMIT_TIER: z.enum(MESSAGING_LIMIT_TIERS).optional(),
  SIM_QUALITY_RATING: z.enum(QUALITY_RATINGS).optional(),
  SIM_PHONE_STATUS: z.enum(PHONE_STATUSES).optional(),
  SIM_STATUS_BATCH_MAX: count(1000).optional(),
  SIM_STATUS_BATCH_WINDOW_MS: z.coerce.number().int().min(0).max(10_000).optional(),
  SIM_SENT_LIMIT: count().optional(),
  SIM_WEBHOOK_LOG_LIMIT: count().optional(),
  /** Gaps before each webhook retry, comma-separated ms (default 100,400,1600; Meta retries for days). */
  SIM_WEBHOOK_RETRY_DELAYS_MS: z
    .string()
    .regex(/^\d+(,\d+)*$/, 'comma-separated milliseconds')
    .transform((v) => v.split(',').map(Number))
    .optional(),
});

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): SimulatorOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid simulator configuration: ${problems}`);
  }
  const e = parsed.data;
  const pair = SEND_LIMIT_DEFAULTS.pairRateLimit;
  return {
    port: e.PORT,
    host: e.SIM_HOST,
    publicUrl: e.SIM_PUBLIC_URL,
    appSecret: e.WHATSAPP_APP_SECRET,
    accessToken: e.SIM_ACCESS_TOKEN,
    phoneNumberId: e.SIM_PHONE_NUMBER_ID,
    wabaId: e.SIM_WABA_ID,
    displayPhoneNumber: e.SIM_DISPLAY_NUMBER,
    webhookUrl: e.SIM_WEBHOOK_URL,
    autoStatuses: e.SIM_AUTO_STATUSES === 'true',
    statusDelayMs: e.SIM_STATUS_DELAY_MS,
    appId: e.SIM_APP_ID,
    templateReviewDelayMs: e.SIM_TEMPLATE_REVIEW_DELAY_MS,
    templateAutoApprove: e.SIM_TEMPLATE_AUTO_APPROVE === 'true',
    templatePageSize: e.SIM_TEMPLATE_PAGE_SIZE,
    strictTemplates: e.SIM_STRICT_TEMPLATES === 'true',
    throughputLevel: e.SIM_THROUGHPUT_LEVEL,
    throughputMps: e.SIM_THROUGHPUT_MPS,
    enforceThroughput: e.SIM_ENFORCE_THROUGHPUT,
    pairRateLimit:
      e.SIM_PAIR_RATE_BURST === undefined && e.SIM_PAIR_RATE_INTERVAL_MS === undefined
        ? undefined
        : {
            burst: e.SIM_PAIR_RATE_BURST ?? pair.burst,
            intervalMs: e.SIM_PAIR_RATE_INTERVAL_MS ?? pair.intervalMs,
          },
    enforcePairRate: e.SIM_ENFORCE_PAIR_RATE,
    messagingLimitTier: e.SIM_MESSAGING_LIMIT_TIER,
    qualityRating: e.SIM_QUALITY_RATING,
    phoneStatus: e.SIM_PHONE_STATUS,
    statusBatchMax: e.SIM_STATUS_BATCH_MAX,
    statusBatchWindowMs: e.SIM_STATUS_BATCH_WINDOW_MS,
    sentLimit: e.SIM_SENT_LIMIT,
    webhookLogLimit: e.SIM_WEBHOOK_LOG_LIMIT,
    webhookRetryDelaysMs: e.SIM_WEBHOOK_RETRY_DELAYS_MS,
  };
}
