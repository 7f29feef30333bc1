import { z } from 'zod';
import {
  logLevel,
  optionalSecret,
  optionalString,
  pemKey,
  secret,
  serverUrl,
  amqpNamespace,
  gatewayProcessEnv,
} from '@inbox/platform';

/** Rate limits: requests per window. Tuned for a support team; raise them for heavy integrations. */
export const rateLimitSchema = z.object({
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** Accepting invitations, per address, in the login window (all attempts count: a rare action). */
  ACCEPT_INVITE_LIMIT_PER_IP: z.coerce.number().int().min(1).default(20),
  /** Failed authentications (bad tokens, unknown keys) per address before it gets only 429s. */
  AUTH_FAILURES_PER_IP: z.coerce.number().int().min(1).default(30),
  AUTH_FAILURE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(300),
  /** Syncs with WhatsApp per organization per hour: each pages through every template of the WABA. */
  TEMPLATE_SYNC_LIMIT_PER_HOUR: z.coerce.number().int().min(1).default(12),
});

export const gatewayConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DIRECTORY_GRPC_ADDR: z.string().default('127.0.0.1:50051'),
    INBOX_GRPC_ADDR: z.string().default('127.0.0.1:50052'),
    INBOX_HTTP_URL: z.string().url().default('http://127.0.0.1:8082'),
    TEMPLATES_GRPC_ADDR: z.string().default('127.0.0.1:50053'),
    /** The templates service's internal HTTP base URL (header media uploads and downloads). */
    TEMPLATES_HTTP_URL: z.string().url().default('http://127.0.0.1:8083'),
    CAMPAIGNS_GRPC_ADDR: z.string().default('127.0.0.1:50054'),
    /** The campaigns service's internal HTTP base URL (CSV import, recipient and survey exports). */
    CAMPAIGNS_HTTP_URL: z.string().url().default('http://127.0.0.1:8084'),
    /** The analytics service (the five Admin reports). */
    ANALYTICS_GRPC_ADDR: z.string().default('127.0.0.1:50055'),
    /** The Meta app's secret and verify token; without both, the webhook endpoints do not exist. */
    WHATSAPP_APP_SECRET: optionalSecret('WHATSAPP_APP_SECRET', 16),
    WHATSAPP_VERIFY_TOKEN: optionalSecret('WHATSAPP_VERIFY_TOKEN', 16),
    REDIS_URL: optionalString().pipe(serverUrl('REDIS_URL').optional()),
    AMQP_URL: serverUrl('AMQP_URL'),
    AMQP_NAMESPACE: amqpNamespace(),
    INTERNAL_AUTH_SECRET: secret('INTERNAL_AUTH_SECRET', 32),
    JWT_PUBLIC_KEY: pemKey('JWT_PUBLIC_KEY', 'public'),
    /** While the token key pair is rotated: the old public key, so the tokens it signed stay valid. */
    JWT_PREVIOUS_PUBLIC_KEY: optionalString().pipe(pemKey('JWT_PREVIOUS_PUBLIC_KEY', 'public').optional()),
    /** Unset: the platform API does not exist. Guessable tokens are refused at boot. */
    PLATFORM_TOKEN: optionalSecret('PLATFORM_TOKEN', 32),
    /**
     * Express "trust proxy": how many proxies sit in front (for the client IP used by rate limits).
     * 0 by default: trusting X-Forwarded-For without a proxy would let clients pick their address.
     */
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    ...gatewayProcessEnv,
    LOG_LEVEL: logLevel,
  })
  .and(rateLimitSchema);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export type RateLimitSettings = z.infer<typeof rateLimitSchema>;
