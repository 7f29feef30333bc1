import { sql } from 'drizzle-orm';
import type { AgentsReport } from '@inbox/contracts';
import { queryRows, type Db } from '@inbox/platform';
import type { ResolvedQuery } from '../../reports/query';
import { durationStats } from '../../reports/stats';
import { durationsByAgent, type AgentDurations } from './durations';
import { daySpans, inSpans } from './spans';

type Agent = AgentsReport['agents'][number];
type TimeInStatus = Agent['timeInStatus'];
const STATUSES = ['ONLINE', 'AWAY', 'BUSY', 'OFFLINE'] as const;

/**
 * Per agent (every non-deleted user of the organization, plus any user seen in the range's
 * figures, deleted or unknown to the directory): assignments, first responses, resolutions,
 * messages and time in each status. Definitions: docs/metrics.md.
 *
 * `now` caps the status clock: time in status is counted within [from, min(to, now)), never in
 * the future. ResolvedQuery carries no clock, so it defaults to the time of the call.
 */
export async function agentsReport(
  db: Db,
  orgId: number,
  q: ResolvedQuery,
  now: Date,
): Promise<Omit<AgentsReport, 'range' | 'previous' | 'generatedAt' | 'cached'>> {
  const users = await queryRows<{ id: string; name: string | null; status: string | null; deleted: boolean }>(
    db,
    sql`select id, name, status, deleted from analytics.users where org_id = ${orgId}`,
  );
  const { assigned, messages } = await agentCounts(db, orgId, q.from, q.to);
  // Cycles whose first response falls in the range, by who gave it; cycles resolved in the range,
  // by the agent assigned then (handle time needs a first response).
  const handled = toRows(await durationsByAgent(db, orgId, 'agent_first_response', q.from, q.to));
  const resolved = toRows(await durationsByAgent(db, orgId, 'agent_handle', q.from, q.to));

  const byId = new Map(users.map((u) => [u.id, u]));
  const ids = new Set(users.filter((u) => !u.deleted).map((u) => u.id));
  for (const rows of [assigned, handled, resolved, messages]) for (const r of rows) ids.add(r.userId);
  const agentIds = [...ids];
  const end = new Date(Math.min(q.to.getTime(), now.getTime()));
  const statusTimes = await timeInStatus(db, orgId, agentIds, q.from, end);

  const count = (rows: { userId: string; n: number }[]) => new Map(rows.map((r) => [r.userId, r.n]));
  const [assignedBy, messagesBy] = [count(assigned), count(messages)];
  const [handledBy, resolvedBy] = [handled, resolved].map((rows) => new Map(rows.map((r) => [r.userId, r])));

  const agents: Agent[] = agentIds.map((userId) => {
    const h = handledBy.get(userId);
    const r = resolvedBy.get(userId);
    return {
      userId,
      name: byId.get(userId)?.name ?? null,
      assigned: assignedBy.get(userId) ?? 0,
      handled: h?.n ?? 0,
      resolved: r?.n ?? 0,
      messagesSent: messagesBy.get(userId) ?? 0,
      firstResponse: durationStats(h),
      handleTime: durationStats(r),
      timeInStatus: statusTimes.get(userId) ?? emptyTimes(),
      // The projection keeps the latest change's status on the user (created by the change if need be).
      currentStatus: byId.get(userId)?.status ?? null,
    };
  });
  agents.sort(byNameThenId);
  return { agents };
}

const toRows = (rows: AgentDurations[]) => rows.map((r) => ({ userId: r.agent, n: r.n, ...r.stats }));

/**
 * Per agent, assignments received and messages sent (sender agent) in [from, to): whole UTC days
 * from agent_days, the partial days at the ends from assignments and message_slots (messages by
 * their 15-minute slot, as the overview counts them).
 */
async function agentCounts(db: Db, orgId: number, from: Date, to: Date) {
  const { days, raw } = daySpans(from, to);
  const rows = await queryRows<{ userId: string; assigned: number; messages: number }>(
    db,
    sql`select user_id as "userId", sum(assigned)::int as assigned, sum(messages)::int as messages
        from (
          select user_id, assigned, messages from analytics.agent_days
          where org_id = ${orgId} and ${inSpans(sql`day`, [days])}
          union all
          select user_id, 1, 0 from analytics.assignments where org_id = ${orgId} and ${inSpans(sql`at`, raw)}
          union all
          select user_id, 0, count from analytics.message_slots
          where org_id = ${orgId} and ${inSpans(sql`slot`, raw)}
            and direction = 'outbound' and sender = 'agent' and user_id <> ''
        ) counted
        group by user_id`,
  );
  const pick = (key: 'assigned' | 'messages') =>
    rows.filter((r) => r[key] !== 0).map((r) => ({ userId: r.userId, n: r[key] }));
  return { assigned: pick('assigned'), messages: pick('messages') };
}

const emptyTimes = (): TimeInStatus => ({ ONLINE: 0, AWAY: 0, BUSY: 0, OFFLINE: 0 });

/** Named agents first, alphabetically; then the unnamed; the id breaks ties, so the order is stable. */
function byNameThenId(a: Agent, b: Agent): number {
  if (a.name !== b.name) {
    if (a.name === null) return 1;
    if (b.name === null) return -1;
    const byName = a.name.localeCompare(b.name, 'en');
    if (byName !== 0) return byName;
  }
  return a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0;
}

/**
 * Seconds in each status within [from, end), per user: the status at `from` is the last change
 * before it (else OFFLINE) and holds until the first change in the range; each change holds until
 * the next one (same instant: by event id, time-ordered) or `end`. One user at a time, each read
 * in order off the (org, user, at) index, so nothing is sorted as a whole. The ids travel as one
 * JSON parameter (a list of any length, one statement).
 */
async function timeInStatus(
  db: Db,
  orgId: number,
  userIds: string[],
  from: Date,
  end: Date,
): Promise<Map<string, TimeInStatus>> {
  const result = new Map<string, TimeInStatus>();
  if (userIds.length === 0 || end <= from) return result;
  const f = from.toISOString();
  const e = end.toISOString();
  const rows = await queryRows<{ userId: string; status: string; seconds: number }>(
    db,
    sql`with ids as (select value as user_id from json_array_elements_text(${JSON.stringify(userIds)}::json)),
        segments as (
          select i.user_id, coalesce(p.to_status, 'OFFLINE') as status, ${f}::timestamptz as at,
            coalesce(n.at, ${e}::timestamptz) as until
          from ids i
          left join lateral (
            select c.to_status from analytics.user_status_changes c
            where c.org_id = ${orgId} and c.user_id = i.user_id and c.at < ${f}::timestamptz
            order by c.at desc, c.event_id collate "C" desc limit 1
          ) p on true
          left join lateral (
            select c.at from analytics.user_status_changes c
            where c.org_id = ${orgId} and c.user_id = i.user_id
              and c.at >= ${f}::timestamptz and c.at < ${e}::timestamptz
            order by c.at limit 1
          ) n on true
          union all
          select i.user_id, s.status, s.at, s.until
          from ids i cross join lateral (
            select c.to_status as status, c.at,
              coalesce(lead(c.at) over (order by c.at, c.event_id collate "C"), ${e}::timestamptz) as until
            from analytics.user_status_changes c
            where c.org_id = ${orgId} and c.user_id = i.user_id
              and c.at >= ${f}::timestamptz and c.at < ${e}::timestamptz
          ) s
        )
        select user_id as "userId", status,
          round(extract(epoch from sum(until - at)), 3)::float8 as seconds
        from segments group by user_id, status`,
  );
  for (const row of rows) {
    if (!(STATUSES as readonly string[]).includes(row.status)) continue;
    const times = result.get(row.userId) ?? emptyTimes();
    times[row.status as keyof TimeInStatus] = row.seconds;
    result.set(row.userId, times);
  }
  return result;
}
