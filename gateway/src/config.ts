import { z } from 'zod';
import { logLevel, optionalString } from '@inbox/platform';

/** Rate limits: requests per window. Tuned for a support team; raise them for heavy integrations. */
export const rateLimitSchema = z.object({
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  LOGIN_LIMIT_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_LIMIT_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
});

export const gatewayConfigSchema = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    DIRECTORY_GRPC_ADDR: z.string().default('127.0.0.1:50051'),
    INBOX_GRPC_ADDR: z.string().default('127.0.0.1:50052'),
    INBOX_HTTP_URL: z.string().url().default('http://127.0.0.1:8082'),
    /** The Meta app's secret and verify token; without both, the webhook endpoints do not exist. */
    WHATSAPP_APP_SECRET: optionalString(),
    WHATSAPP_VERIFY_TOKEN: optionalString(),
    REDIS_URL: optionalString(),
    AMQP_URL: z.string({ error: 'AMQP_URL is required' }).url(),
    INTERNAL_AUTH_SECRET: z
      .string({ error: 'INTERNAL_AUTH_SECRET is required' })
      .min(32, 'INTERNAL_AUTH_SECRET must be at least 32 characters'),
    JWT_PUBLIC_KEY: z
      .string({ error: 'JWT_PUBLIC_KEY is required (PEM)' })
      .min(1)
      .transform((v) => v.replace(/\\n/g, '\n')),
    PLATFORM_TOKEN: optionalString(),
    /**
     * Express "trust proxy": how many proxies sit in front (for the client IP used by rate limits).
     * 0 by default: trusting X-Forwarded-For without a proxy would let clients pick their address.
     */
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    LOG_LEVEL: logLevel,
  })
  .and(rateLimitSchema);

export type GatewayConfig = z.infer<typeof gatewayConfigSchema>;
export type RateLimitSettings = z.infer<typeof rateLimitSchema>;
