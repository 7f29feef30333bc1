import { z } from 'zod';
import type { SimulatorOptions } from './context';

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
});

/** Reads the environment once; a bad value stops the process with a message naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv): SimulatorOptions {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid simulator configuration: ${problems}`);
  }
  const e = parsed.data;
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
  };
}
