import { z } from 'zod';
import { CONVERSATION_LIMITS } from './conversations';
import { restInteractiveSchema } from './rest/interactive';

/**
 * The bot's configuration documents (`/bot/settings`, `/bot/categories`, `/routing-rules`): the
 * REST shapes and the stored shapes are the same. The gateway checks a request with these schemas
 * (and shows them in the OpenAPI document); the inbox checks again for every gRPC caller.
 */

/** Languages the built-in intelligence understands (stemming, stop words, language detection). */
export const BOT_LANGUAGES = ['es', 'en', 'pt'] as const;
export type BotLanguage = (typeof BOT_LANGUAGES)[number];

/** Why the bot handed a conversation to people (`conversation.handoff`'s `reason`). */
export const HANDOFF_REASONS = ['requested', 'fallbacks', 'intent', 'out_of_hours', 'agent'] as const;
export type HandoffReason = (typeof HANDOFF_REASONS)[number];

/** Where a conversation's category came from (`conversation.categorized`'s `source`). */
export const CATEGORY_SOURCES = ['agent', 'ai', 'merge', 'contact', 'template'] as const;
export type CategorySource = (typeof CATEGORY_SOURCES)[number];

/** How a routing rule picks an agent within its team. */
export const ROUTING_ASSIGN_MODES = ['queue', 'round_robin', 'least_busy'] as const;
export type RoutingAssignMode = (typeof ROUTING_ASSIGN_MODES)[number];

/** Which conversations a bulk re-classify touches. */
export const RECLASSIFY_SCOPES = ['unassigned', 'uncategorized', 'all_open'] as const;
export type ReclassifyScope = (typeof RECLASSIFY_SCOPES)[number];

export const JOB_STATUSES = ['QUEUED', 'RUNNING', 'COMPLETED', 'FAILED'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/** What a classification reports: `intelligence` is how it was made (`builtin` or `llm`). */
export const CLASSIFICATION_ENGINES = ['builtin', 'llm'] as const;
export type ClassificationEngine = (typeof CLASSIFICATION_ENGINES)[number];

export const BOT_LIMITS = {
  message: 1024,
  intents: 100,
  intentName: 64,
  examplesPerIntent: 100,
  example: 500,
  keywords: 50,
  keyword: 64,
  categories: 100,
  /**
   * Characters of training text in one document: /bot/settings' intent examples, /bot/categories'
   * names, descriptions and examples (what the classifiers learn from). Training time and memory
   * grow with it: twice the largest configuration seen (100 intents × 30 examples × 80 characters),
   * half what a 1 MiB body held (docs/decisions.md, "total-characters limit").
   */
  trainingChars: 500_000,
  rules: 100,
  ruleName: 100,
  handoffSummary: 4000,
  maxFallbacks: 10,
  inactivityCloseHours: 24 * 30,
} as const;

const name = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .regex(/^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u, {
      error: 'Letters, digits, spaces, "_", "." or "-", starting with a letter or digit',
    });
const text = (max: number) => z.string().trim().min(1).max(max);
const examples = z.array(text(BOT_LIMITS.example)).max(BOT_LIMITS.examplesPerIntent);
const keywords = z.array(text(BOT_LIMITS.keyword)).max(BOT_LIMITS.keywords);
const unique = (values: string[]) => new Set(values.map((v) => v.toLowerCase())).size === values.length;

/** What the bot answers when an intent is recognized: a text, an interactive message, or a handoff. */
export const botAnswerSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: text(BOT_LIMITS.message) }),
  z.strictObject({ type: z.literal('interactive'), interactive: restInteractiveSchema }),
  z.strictObject({ type: z.literal('handoff') }).describe('hand the conversation to people'),
]);
export type BotAnswer = z.infer<typeof botAnswerSchema>;

export const botIntentSchema = z.strictObject({
  name: name(BOT_LIMITS.intentName),
  examples: examples.min(1).describe('what customers write for it, in any of the bot languages'),
  answer: botAnswerSchema,
  category: text(CONVERSATION_LIMITS.category)
    .optional()
    .describe('a category of /bot/categories the conversation takes when this intent is recognized'),
});
export type BotIntent = z.infer<typeof botIntentSchema>;

/**
 * The characters the classifiers learn from in each document (services/inbox/src/bot/intelligence/
 * models.ts): every intent example; every category's name, description and examples.
 */
export const settingsTrainingChars = (settings: Pick<BotSettings, 'intents'>): number =>
  sum(settings.intents.flatMap((intent) => intent.examples));
export const categoriesTrainingChars = (categories: BotCategories): number =>
  sum(categories.data.flatMap((c) => [c.name, c.description ?? '', ...(c.examples ?? [])]));
const sum = (texts: string[]) => texts.reduce((total, text) => total + text.length, 0);

const limit = BOT_LIMITS.trainingChars.toLocaleString('en-US');

/** A refusal of a document whose training text is over BOT_LIMITS.trainingChars, at its list's path. */
const withinTrainingChars =
  <T>(path: 'intents' | 'data', what: string, count: (document: T) => number) =>
  (document: T, ctx: z.RefinementCtx<T>) => {
    const total = count(document);
    if (total > BOT_LIMITS.trainingChars)
      ctx.addIssue({
        code: 'custom',
        path: [path],
        message: `${what} total ${total.toLocaleString('en-US')} characters; at most ${limit} per document`,
      });
  };

/**
 * The settings as stored and answered. A document stored before the training-text limit may be
 * over it: it is still answered (and trains), so the limit is checked on writes only.
 */
export const storedBotSettingsSchema = z.strictObject({
  enabled: z.boolean().describe('new conversations start in BOT_HANDLING and the bot answers them'),
  language: z.enum(BOT_LANGUAGES).describe('the language of the bot’s own messages and the default'),
  greeting: text(BOT_LIMITS.message).nullable().describe('sent before the first answer of a conversation'),
  fallbackMessage: text(BOT_LIMITS.message),
  maxFallbacks: z
    .number()
    .int()
    .min(1)
    .max(BOT_LIMITS.maxFallbacks)
    .describe('misunderstandings in a row before the bot hands off'),
  handoffMessage: text(BOT_LIMITS.message).nullable(),
  outOfHoursMessage: text(BOT_LIMITS.message)
    .nullable()
    .describe(
      'sent on a handoff outside the team’s schedule; "{nextOpening}" is replaced by the opening time',
    ),
  handoffKeywords: keywords.describe('words or phrases that ask for a person, e.g. "agente", "human"'),
  inactivityCloseHours: z
    .number()
    .int()
    .min(1)
    .max(BOT_LIMITS.inactivityCloseHours)
    .describe('a BOT_HANDLING conversation silent this long is closed by the bot (counted as contained)'),
  intents: z
    .array(botIntentSchema)
    .max(BOT_LIMITS.intents)
    .refine((list) => unique(list.map((i) => i.name)), 'Intent names must be unique')
    .describe(
      `their examples train the bot: at most ${limit} characters of examples in all (400 VALIDATION_FAILED beyond)`,
    ),
});
export type BotSettings = z.infer<typeof storedBotSettingsSchema>;

/** The settings a PUT writes: the stored shape, within the training-text limit. */
export const botSettingsSchema = storedBotSettingsSchema.superRefine(
  withinTrainingChars<BotSettings>('intents', 'The intents’ examples', settingsTrainingChars),
);

/** What an organization that never configured its bot gets. */
export const DEFAULT_BOT_SETTINGS: BotSettings = {
  enabled: false,
  language: 'es',
  greeting: '¡Hola! Soy el asistente virtual. ¿En qué te puedo ayudar?',
  fallbackMessage: 'Perdón, no entendí. ¿Puedes decirlo de otra forma?',
  maxFallbacks: 2,
  handoffMessage: 'Te comunico con una persona de nuestro equipo.',
  outOfHoursMessage: 'Nuestro equipo atiende de nuevo a partir de {nextOpening}. Te responderemos entonces.',
  handoffKeywords: ['agente', 'humano', 'asesor', 'persona', 'human', 'agent', 'atendente'],
  inactivityCloseHours: 24,
  intents: [],
};

export const botCategorySchema = z.strictObject({
  name: text(CONVERSATION_LIMITS.category),
  description: text(500).optional(),
  examples: examples.optional().describe('customer messages of this category: they train the classifier'),
});
export type BotCategory = z.infer<typeof botCategorySchema>;

/** The categories as stored and answered (like storedBotSettingsSchema: the limit is checked on writes). */
export const storedBotCategoriesSchema = z.strictObject({
  data: z
    .array(botCategorySchema)
    .max(BOT_LIMITS.categories)
    .refine((list) => unique(list.map((c) => c.name)), 'Category names must be unique (ignoring case)')
    .describe(
      `their names, descriptions and examples train the classifier: at most ${limit} characters in all (400 VALIDATION_FAILED beyond)`,
    ),
});
export type BotCategories = z.infer<typeof storedBotCategoriesSchema>;

/** The categories a PUT writes: the stored shape, within the training-text limit. */
export const botCategoriesSchema = storedBotCategoriesSchema.superRefine(
  withinTrainingChars<BotCategories>(
    'data',
    'The categories’ names, descriptions and examples',
    categoriesTrainingChars,
  ),
);

export const routingRuleSchema = z.strictObject({
  name: text(BOT_LIMITS.ruleName),
  when: z
    .strictObject({
      categories: z.array(text(CONVERSATION_LIMITS.category)).max(BOT_LIMITS.categories).optional(),
      keywords: keywords
        .optional()
        .describe('any of them in the customer’s messages (accents and case ignored)'),
      origins: z.array(text(64)).max(20).optional(),
      languages: z.array(z.enum(BOT_LANGUAGES)).optional(),
    })
    .describe('every condition given must hold; a rule with none matches everything'),
  teamId: text(64),
  assign: z.enum(ROUTING_ASSIGN_MODES).describe('queue: the team only; else an ONLINE member under capacity'),
});
export type RoutingRule = z.infer<typeof routingRuleSchema>;

export const routingRulesSchema = z.strictObject({
  rules: z
    .array(routingRuleSchema)
    .max(BOT_LIMITS.rules)
    .refine((list) => unique(list.map((r) => r.name)), 'Rule names must be unique'),
  fallbackTeamId: text(64).nullable().describe('the team when no rule matches (none: unrouted, OPEN)'),
  agentCapacity: z
    .number()
    .int()
    .min(1)
    .max(1000)
    .describe('open conversations an agent holds before routing skips them'),
});
export type RoutingRules = z.infer<typeof routingRulesSchema>;

export const DEFAULT_ROUTING_RULES: RoutingRules = { rules: [], fallbackTeamId: null, agentCapacity: 20 };

/** The principal the bot calls the directory as (a SERVICE caller acting for one organization). */
export const BOT_SERVICE_PRINCIPAL = 'inbox-bot';

/** A long job's REST shape (`GET /jobs/{id}`). */
export interface JobView {
  id: string;
  kind: 'reclassify';
  status: JobStatus;
  progress: { done: number; total: number };
  result: { matched: number; reclassified: number; rerouted: number; failed: number } | null;
  createdAt: string;
  updatedAt: string;
  finishedAt: string | null;
}
