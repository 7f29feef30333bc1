import type { BotLanguage, RoutingAssignMode, RoutingRule, RoutingRules } from '@inbox/contracts';
import { containsPhrase } from '../nlp/text';

/** What routing knows about a conversation when it picks a team. */
export interface RouteFacts {
  category: string | null;
  /** The customer's messages the keywords are looked for in. */
  texts: string[];
  origin: string;
  language: BotLanguage;
}

export interface RouteMatch {
  rule: RoutingRule | null;
  teamId: string | null;
  assign: RoutingAssignMode;
  matchedBy: 'rule' | 'fallback' | 'none';
}

/**
 * The first rule whose conditions all hold, else the fallback team (queued: no rule said how to
 * pick an agent), else no route. An absent or empty condition list does not constrain: an empty
 * list is what a form sends for "any", never a way to disable a rule.
 */
export function matchRoute(rules: RoutingRules, facts: RouteFacts): RouteMatch {
  const rule = rules.rules.find((candidate) => ruleHolds(candidate, facts));
  if (rule) return { rule, teamId: rule.teamId, assign: rule.assign, matchedBy: 'rule' };
  if (rules.fallbackTeamId)
    return { rule: null, teamId: rules.fallbackTeamId, assign: 'queue', matchedBy: 'fallback' };
  return { rule: null, teamId: null, assign: 'queue', matchedBy: 'none' };
}

function ruleHolds({ when }: RoutingRule, facts: RouteFacts): boolean {
  const given = <T>(list: T[] | undefined): list is T[] => list !== undefined && list.length > 0;
  if (given(when.categories)) {
    const category = facts.category;
    if (category === null || !when.categories.some((c) => sameName(c, category))) return false;
  }
  if (given(when.keywords)) {
    const found = when.keywords.some((keyword) => facts.texts.some((text) => containsPhrase(text, keyword)));
    if (!found) return false;
  }
  if (given(when.origins) && !when.origins.some((origin) => sameName(origin, facts.origin))) return false;
  if (given(when.languages) && !when.languages.includes(facts.language)) return false;
  return true;
}

/** Category names are unique ignoring case (botCategoriesSchema), so a rule matches them that way. */
function sameName(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export interface PickAgentInput {
  mode: RoutingAssignMode;
  members: { userId: string; status: string }[];
  /** Open conversations each agent holds; absent means none. */
  openCounts: Map<string, number>;
  capacity: number;
  /** Who round-robin picked last in this team (null: nobody yet). */
  lastUserId: string | null;
}

/**
 * The agent a conversation goes to, or null for the team's queue: only ONLINE members holding
 * fewer open conversations than the capacity are eligible. round_robin takes the first eligible
 * member after `lastUserId` in userId order, wrapping around (the last one may have left or be
 * busy now: the order still tells who comes next). least_busy takes the fewest open, ties by userId.
 * Ordering by code units, not locale, keeps the pick the same on every machine.
 */
export function pickAgent({
  mode,
  members,
  openCounts,
  capacity,
  lastUserId,
}: PickAgentInput): string | null {
  if (mode === 'queue') return null;
  const open = (userId: string) => openCounts.get(userId) ?? 0;
  const eligible = [
    ...new Set(
      members
        .filter((m) => m.status.toUpperCase() === 'ONLINE' && open(m.userId) < capacity)
        .map((m) => m.userId),
    ),
  ].sort(byCodeUnits);
  if (eligible.length === 0) return null;
  if (mode === 'round_robin') {
    if (lastUserId === null) return eligible[0];
    return eligible.find((userId) => userId > lastUserId) ?? eligible[0];
  }
  return eligible.reduce((best, userId) => (open(userId) < open(best) ? userId : best));
}

function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
