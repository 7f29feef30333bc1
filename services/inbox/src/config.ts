import { z } from 'zod';
import {
  blobStoreEnv,
  blobStoreSettings,
  isPlaceholder,
  logLevel,
  optionalSecret,
  optionalString,
  serverUrl,
  amqpNamespace,
  processEnv,
  internalAuthEnv,
} from '@inbox/platform';
import type { LlmOptions } from './bot/intelligence';

/**
 * The bot's optional OpenAI-compatible model (the all-in-one configuration takes the same
 * variables). Unset LLM_BASE_URL: the built-in intelligence only.
 */
export const llmEnv = {
  LLM_BASE_URL: optionalString().pipe(z.url({ protocol: /^https?$/ }).optional()),
  LLM_API_KEY: optionalSecret('LLM_API_KEY', 1),
  LLM_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(8000),
};

export function llmOptions(config: {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL: string;
  LLM_TIMEOUT_MS: number;
}): LlmOptions | undefined {
  if (!config.LLM_BASE_URL) return undefined;
  return {
    baseUrl: config.LLM_BASE_URL,
    apiKey: config.LLM_API_KEY,
    model: config.LLM_MODEL,
    timeoutMs: config.LLM_TIMEOUT_MS,
  };
}

const is32Bytes = (v: string) => /^[0-9a-f]{64}$/i.test(v) || Buffer.from(v, 'base64').length === 32;

/** 32 bytes as 64 hex characters or base64, not an example value. */
const encryptionKey = (name: string) =>
  z
    .string({ error: `${name} is required (32 bytes, hex or base64)` })
    .refine(is32Bytes, `${name} must be 32 bytes (64 hex characters or base64)`)
    .refine((v) => !isPlaceholder(v), `${name} is an example value; generate a random one`);

/** The inbox's environment in the distributed mode (the all-in-one mode builds its options in code). */
export const inboxConfigSchema = z
  .object({
    GRPC_PORT: z.coerce.number().int().min(0).max(65535).default(50052),
    HTTP_PORT: z.coerce.number().int().min(0).max(65535).default(8082),
    INBOX_DATABASE_URL: optionalString().pipe(serverUrl('INBOX_DATABASE_URL').optional()),
    DATABASE_URL: optionalString().pipe(serverUrl('DATABASE_URL').optional()),
    AMQP_URL: serverUrl('AMQP_URL'),
    AMQP_NAMESPACE: amqpNamespace(),
    DIRECTORY_GRPC_ADDR: z.string().default('127.0.0.1:50051'),
    ...internalAuthEnv,
    INBOX_ENCRYPTION_KEY: encryptionKey('INBOX_ENCRYPTION_KEY'),
    /**
     * Keys the channel tokens may still be sealed with (comma-separated), while INBOX_ENCRYPTION_KEY
     * is rotated: they open tokens, never seal them; each start seals those tokens again with the
     * current key (deploy/README.md, "Rotating secrets").
     */
    INBOX_PREVIOUS_ENCRYPTION_KEYS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((k) => k.trim())
          .filter(Boolean),
      )
      .refine(
        (keys) => keys.every(is32Bytes),
        'INBOX_PREVIOUS_ENCRYPTION_KEYS: each key must be 32 bytes (64 hex characters or base64), comma-separated',
      )
      .refine(
        (keys) => !keys.some(isPlaceholder),
        'INBOX_PREVIOUS_ENCRYPTION_KEYS holds an example value; use the key the tokens were sealed with',
      ),
    MEDIA_DIR: z.string().default('./data/media'),
    /** BLOB_STORE=s3 keeps media in a bucket shared by every replica (MEDIA_DIR is then unused). */
    ...blobStoreEnv({ prefix: 'inbox/' }),
    /** Inbound messages stored per transaction; 1 stores each on its own (see provider-webhooks.consumer). */
    INBOX_INGEST_BATCH: z.coerce.number().int().min(1).max(500).optional(),
    WHATSAPP_API_BASE_URL: z.string().url().default('https://graph.facebook.com'),
    WHATSAPP_API_VERSION: z.string().default('v23.0'),
    /** Other Graph API base URLs Admins may give a channel (comma-separated); WHATSAPP_API_BASE_URL always is. */
    WHATSAPP_ALLOWED_API_BASE_URLS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((u) => u.trim())
          .filter(Boolean),
      ),
    // The bootstrap organization's channel (optional; PUT /settings/whatsapp sets any organization's).
    BOOTSTRAP_CLIENT_ID: z.coerce.number().int().positive().default(1),
    WHATSAPP_PHONE_NUMBER_ID: optionalString(),
    WHATSAPP_WABA_ID: optionalString(),
    WHATSAPP_ACCESS_TOKEN: optionalSecret('WHATSAPP_ACCESS_TOKEN', 16),
    WHATSAPP_DISPLAY_PHONE_NUMBER: optionalString(),
    ...llmEnv,
    ...processEnv,
    LOG_LEVEL: logLevel,
  })
  .transform((c, ctx) => {
    const databaseUrl = c.INBOX_DATABASE_URL ?? c.DATABASE_URL;
    if (!databaseUrl)
      ctx.addIssue({
        code: 'custom',
        path: ['INBOX_DATABASE_URL'],
        message: 'INBOX_DATABASE_URL or DATABASE_URL is required',
      });
    const blobStore = blobStoreSettings(c, ctx);
    if (!databaseUrl || !blobStore) return z.NEVER;
    return { ...c, databaseUrl, blobStore };
  });

export type InboxConfig = z.infer<typeof inboxConfigSchema>;
