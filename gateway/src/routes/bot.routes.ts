import { BOT_LIMITS, botCategoriesSchema, botSettingsSchema, routingRulesSchema } from '@inbox/contracts';
import {
  botCategoriesResponse,
  botSettingsResponse,
  classificationSchema,
  fromBotDocument,
  fromJob,
  handoffSummarySchema,
  jobSchema,
  reclassifyBody,
  routeResultSchema,
  routingRulesResponse,
} from './bot-schemas';
import { route, type RouteSpec } from './route';
import { idParam } from './schemas';

/** The training-text limit as the summaries say it (a document over it is a 400 VALIDATION_FAILED). */
const TRAINING_CHARS = BOT_LIMITS.trainingChars.toLocaleString('en-US');

/** Inbox codes that name a field of a valid-looking document (a reference): 422 rather than 400. */
export const UNKNOWN_CATEGORY = 'UNKNOWN_CATEGORY';
export const TEAM_NOT_FOUND = 'TEAM_NOT_FOUND';

export const botRoutes: RouteSpec[] = [
  route({
    method: 'get',
    path: '/bot/settings',
    access: 'admin',
    tag: 'Bot',
    summary: 'The bot’s settings and intents (the defaults until set)',
    response: botSettingsResponse,
    handler: async ({ ctx, call }) => fromBotDocument(await ctx.inbox.call.GetBotSettings({}, call)),
  }),
  route({
    method: 'put',
    path: '/bot/settings',
    access: 'admin',
    tag: 'Bot',
    summary:
      'Replace the bot’s settings and intents. `enabled` is the channel’s bot switch (409 CHANNEL_NOT_CONFIGURED without a channel); an intent’s category must be one of /bot/categories (422 UNKNOWN_CATEGORY); ' +
      `the intents’ examples train the bot: at most ${TRAINING_CHARS} characters in all (400 beyond)`,
    body: botSettingsSchema,
    response: botSettingsResponse,
    statusByCode: { [UNKNOWN_CATEGORY]: 422 },
    handler: async ({ body, ctx, call }) =>
      fromBotDocument(await ctx.inbox.call.PutBotSettings({ json: JSON.stringify(body) }, call)),
  }),
  route({
    method: 'get',
    path: '/bot/categories',
    access: 'admin',
    tag: 'Bot',
    summary: 'The conversation categories the bot classifies into',
    response: botCategoriesResponse,
    handler: async ({ ctx, call }) => fromBotDocument(await ctx.inbox.call.GetBotCategories({}, call)),
  }),
  route({
    method: 'put',
    path: '/bot/categories',
    access: 'admin',
    tag: 'Bot',
    summary:
      `Replace the categories; their names, descriptions and examples train the classifier (at most ${TRAINING_CHARS} characters in all; 400 beyond). ` +
      '409 CATEGORY_IN_USE when an intent still uses one removed',
    body: botCategoriesSchema,
    response: botCategoriesResponse,
    handler: async ({ body, ctx, call }) =>
      fromBotDocument(await ctx.inbox.call.PutBotCategories({ json: JSON.stringify(body) }, call)),
  }),
  route({
    method: 'get',
    path: '/routing-rules',
    access: 'admin',
    tag: 'Routing',
    summary: 'The rules that pick a team (and an agent) when the bot hands a conversation off',
    response: routingRulesResponse,
    handler: async ({ ctx, call }) => fromBotDocument(await ctx.inbox.call.GetRoutingRules({}, call)),
  }),
  route({
    method: 'put',
    path: '/routing-rules',
    access: 'admin',
    tag: 'Routing',
    summary:
      'Replace the routing rules (first match wins); every team named must be an active team of the organization (422 TEAM_NOT_FOUND with the field paths)',
    body: routingRulesSchema,
    response: routingRulesResponse,
    statusByCode: { [TEAM_NOT_FOUND]: 422 },
    handler: async ({ body, ctx, call }) =>
      fromBotDocument(await ctx.inbox.call.PutRoutingRules({ json: JSON.stringify(body) }, call)),
  }),
  route({
    method: 'post',
    path: '/conversations/re-classify',
    access: 'admin',
    tag: 'Jobs',
    summary:
      'Re-classify (and re-route the unassigned among) the conversations of a scope, in the background: follow the job at /jobs/{id} or on the live stream (inbox.job.updated.v1)',
    body: reclassifyBody,
    status: 202,
    response: jobSchema,
    handler: async ({ body, ctx, call }) =>
      fromJob(await ctx.inbox.call.StartReclassifyJob({ scope: body.scope }, call)),
  }),
  route({
    method: 'get',
    path: '/jobs/:id',
    access: 'user',
    tag: 'Jobs',
    summary: 'A background job’s progress and result (404 for another organization’s job)',
    params: idParam,
    response: jobSchema,
    handler: async ({ params, ctx, call }) => fromJob(await ctx.inbox.call.GetJob(params, call)),
  }),
  route({
    method: 'post',
    path: '/conversations/:id/re-classify',
    access: 'user',
    tag: 'Conversations',
    summary:
      'Classify the customer’s messages into one of /bot/categories and store the category found (source ai); none fits: nothing changes',
    params: idParam,
    response: classificationSchema,
    handler: async ({ params, ctx, call }) => ctx.inbox.call.ReclassifyConversation(params, call),
  }),
  route({
    method: 'post',
    path: '/conversations/:id/re-route',
    access: 'user',
    tag: 'Conversations',
    summary:
      'Run the routing rules on the conversation as it is now and apply the team (and an agent when unassigned); 409 when CLOSED',
    params: idParam,
    response: routeResultSchema,
    handler: async ({ params, ctx, call }) => ctx.inbox.call.RerouteConversation(params, call),
  }),
  route({
    method: 'post',
    path: '/conversations/:id/generate-handoff-summary',
    access: 'user',
    tag: 'Conversations',
    summary:
      'Draft a handoff summary of the bot’s part of the conversation for an agent to edit; nothing is saved',
    params: idParam,
    response: handoffSummarySchema,
    handler: async ({ params, ctx, call }) => ctx.inbox.call.GenerateHandoffSummary(params, call),
  }),
];
