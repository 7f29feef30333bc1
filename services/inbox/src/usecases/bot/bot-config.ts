import {
  botCategoriesSchema,
  botSettingsSchema,
  DEFAULT_BOT_SETTINGS,
  DEFAULT_ROUTING_RULES,
  routingRulesSchema,
  type BotCategories,
  type BotSettings,
  type RoutingRules,
} from '@inbox/contracts';
import { conflict, invalid, type Db, type FieldError } from '@inbox/platform';
import type { z } from 'zod';
import type { BotModelConfig } from '../../bot/intelligence/intelligence';
import { botConfigRepository, type BotConfigRow } from '../../db/repositories/bot-config.repository';
import type { CallerContext, InboxDeps } from '../../deps';
import { requireAdmin } from '../access';

/** Everything the bot works from for one organization, at one version (defaults where never set). */
export type LoadedBotConfig = BotModelConfig & { routing: RoutingRules };

/** A stored document as the API answers it: `updatedAt` null while the defaults apply. */
export interface BotDocumentView<T> {
  document: T;
  updatedAt: Date | null;
}

const NO_CATEGORIES: BotCategories = { data: [] };

const { enabled: _defaultEnabled, ...DEFAULT_STORED_SETTINGS } = DEFAULT_BOT_SETTINGS;

export async function loadBotConfig(db: Db, orgId: number): Promise<LoadedBotConfig> {
  const [row, enabled] = await Promise.all([
    botConfigRepository.find(db, orgId),
    botConfigRepository.botEnabled(db, orgId),
  ]);
  return {
    orgId,
    version: row?.version ?? 0,
    settings: settingsOf(row, enabled),
    categories: row?.categories ?? NO_CATEGORIES,
    routing: row?.routing ?? DEFAULT_ROUTING_RULES,
  };
}

const settingsOf = (row: BotConfigRow | undefined, enabled: boolean | null): BotSettings => ({
  ...(row?.settings ?? DEFAULT_STORED_SETTINGS),
  enabled: enabled ?? false,
});

export async function getBotSettings(
  deps: InboxDeps,
  caller: CallerContext,
): Promise<BotDocumentView<BotSettings>> {
  requireAdmin(caller);
  const config = await loadBotConfig(deps.db, caller.orgId);
  const row = await botConfigRepository.find(deps.db, caller.orgId);
  return { document: config.settings, updatedAt: row?.settingsUpdatedAt ?? null };
}

/**
 * Replaces the settings. `enabled` goes to the channel (its one home): turning the bot on needs a
 * channel. An intent's category must be one of the organization's categories; it is stored with
 * the category's own spelling. The categories row is locked meanwhile, so a concurrent PUT of
 * categories cannot remove one an intent has just been given.
 */
export async function putBotSettings(
  deps: InboxDeps,
  caller: CallerContext,
  json: string,
): Promise<BotDocumentView<BotSettings>> {
  requireAdmin(caller);
  const { enabled, ...settings } = parseDocument(botSettingsSchema, json);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await botConfigRepository.lock(tx, caller.orgId);
    const intents = settings.intents.map((intent, i) => {
      if (intent.category === undefined) return intent;
      const category = categoryNamed(current.categories ?? NO_CATEGORIES, intent.category);
      if (!category)
        throw invalid('UNKNOWN_CATEGORY', 'An intent’s category must be one of /bot/categories', [
          { path: `intents[${i}].category`, message: `No category "${intent.category}"` },
        ]);
      return { ...intent, category };
    });
    const channelFound = await botConfigRepository.setBotEnabled(tx, caller.orgId, enabled, now);
    if (!channelFound && enabled)
      throw conflict('CHANNEL_NOT_CONFIGURED', 'Configure the WhatsApp channel before enabling the bot');
    return botConfigRepository.write(tx, caller.orgId, {
      settings: { ...settings, intents },
      settingsUpdatedAt: now,
    });
  });
  prepareModels(deps, caller.orgId, row);
  // The channel registry caches the channel, its bot flag with it (new conversations read it).
  deps.channels.forget(caller.orgId);
  const channelEnabled = await botConfigRepository.botEnabled(deps.db, caller.orgId);
  return { document: settingsOf(row, channelEnabled), updatedAt: row.settingsUpdatedAt };
}

export async function getBotCategories(
  deps: InboxDeps,
  caller: CallerContext,
): Promise<BotDocumentView<BotCategories>> {
  requireAdmin(caller);
  const row = await botConfigRepository.find(deps.db, caller.orgId);
  return { document: row?.categories ?? NO_CATEGORIES, updatedAt: row?.categoriesUpdatedAt ?? null };
}

/** Replaces the categories; one an intent uses cannot go (the intent would name a category that is not there). */
export async function putBotCategories(
  deps: InboxDeps,
  caller: CallerContext,
  json: string,
): Promise<BotDocumentView<BotCategories>> {
  requireAdmin(caller);
  const categories = parseDocument(botCategoriesSchema, json);
  const now = deps.now();
  const row = await deps.db.transaction(async (tx) => {
    const current = await botConfigRepository.lock(tx, caller.orgId);
    const orphans = (current.settings?.intents ?? []).filter(
      (intent) => intent.category !== undefined && !categoryNamed(categories, intent.category),
    );
    if (orphans.length > 0)
      throw conflict('CATEGORY_IN_USE', 'An intent of /bot/settings uses a category this removes', {
        members: { intent: orphans[0].name, category: orphans[0].category ?? null },
      });
    return botConfigRepository.write(tx, caller.orgId, { categories, categoriesUpdatedAt: now });
  });
  prepareModels(deps, caller.orgId, row);
  return { document: row.categories ?? NO_CATEGORIES, updatedAt: row.categoriesUpdatedAt };
}

export async function getRoutingRules(
  deps: InboxDeps,
  caller: CallerContext,
): Promise<BotDocumentView<RoutingRules>> {
  requireAdmin(caller);
  const row = await botConfigRepository.find(deps.db, caller.orgId);
  return { document: row?.routing ?? DEFAULT_ROUTING_RULES, updatedAt: row?.routingUpdatedAt ?? null };
}

/** Replaces the routing rules; every team they name must exist in the organization and be active. */
export async function putRoutingRules(
  deps: InboxDeps,
  caller: CallerContext,
  json: string,
): Promise<BotDocumentView<RoutingRules>> {
  requireAdmin(caller);
  const routing = parseDocument(routingRulesSchema, json);
  // Asked before the write, outside any transaction (a remote call).
  await requireActiveTeams(deps, caller.orgId, routing);
  const now = deps.now();
  const row = await botConfigRepository.write(deps.db, caller.orgId, { routing, routingUpdatedAt: now });
  return { document: row.routing ?? DEFAULT_ROUTING_RULES, updatedAt: row.routingUpdatedAt };
}

/**
 * Trains the classifiers of the version just written, in the background and in slices, so that
 * the next message finds them ready and the PUT does not wait for them (seconds at the largest
 * configuration: npm run bench:bot -- --max). Routing rules train nothing (same examples).
 * Another inbox process trains at its first use of the version.
 */
function prepareModels(deps: InboxDeps, orgId: number, row: BotConfigRow): void {
  const config: BotModelConfig = {
    orgId,
    version: row.version,
    settings: settingsOf(row, false),
    categories: row.categories ?? NO_CATEGORIES,
  };
  deps.intelligence
    .prepare(config)
    .catch((err: unknown) => deps.logger.warn({ err, orgId }, 'bot models not trained after the PUT'));
}

async function requireActiveTeams(deps: InboxDeps, orgId: number, routing: RoutingRules): Promise<void> {
  const references = [
    ...routing.rules.map((rule, i) => ({ path: `rules[${i}].teamId`, teamId: rule.teamId })),
    ...(routing.fallbackTeamId ? [{ path: 'fallbackTeamId', teamId: routing.fallbackTeamId }] : []),
  ];
  const teamIds = [...new Set(references.map((r) => r.teamId))];
  const teams = await Promise.all(teamIds.map((id) => deps.directory.routingTeam(orgId, id)));
  const problem = new Map(
    teamIds.map((id, i) => [
      id,
      !teams[i] ? 'No such team' : !teams[i].active ? 'The team is not active' : null,
    ]),
  );
  const fields: FieldError[] = references.flatMap(({ path, teamId }) => {
    const message = problem.get(teamId);
    return message ? [{ path, message }] : [];
  });
  if (fields.length > 0)
    throw invalid('TEAM_NOT_FOUND', 'Routing rules must name active teams of the organization', fields);
}

/** The organization's category of that name (ignoring case), in its own spelling. */
const categoryNamed = (categories: BotCategories, name: string): string | undefined =>
  categories.data.find((c) => c.name.toLowerCase() === name.toLowerCase())?.name;

/** Field paths as the gateway writes them for a body (`intents[0].examples`, `(body)` for the whole). */
const DOCUMENT = '(body)';
const formatPath = (path: ReadonlyArray<PropertyKey>): string =>
  path.reduce<string>(
    (out, part) =>
      typeof part === 'number' ? `${out}[${part}]` : out ? `${out}.${String(part)}` : String(part),
    '',
  );

/** A document as it crosses gRPC (JSON): checked again here, whoever the caller is. */
function parseDocument<S extends z.ZodType>(schema: S, json: string): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    throw invalid('VALIDATION_FAILED', 'The document is not JSON', [{ path: DOCUMENT, message: 'Not JSON' }]);
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw invalid(
    'VALIDATION_FAILED',
    'The document is not valid',
    parsed.error.issues.map((issue) => ({
      path: formatPath(issue.path) || DOCUMENT,
      message: issue.message,
    })),
  );
}
