-- The rollups of schema.ts (slot_counts, conversation_facets, bot_turn_days, agent_days,
-- duration_counts) kept by statement triggers from the rows, in the statement that changes them:
-- applyEvent, a bulk load and a test's seed all leave rollups equal to counts over the rows. Each
-- apply_* function takes the rows a statement added (news) and removed (olds; an update is both)
-- and adds the differences, in key order (two statements lock rollup rows in the same order).
-- The breakdowns a conversation counts in (conversation_facets), in one place: the rollup and the
-- reports' partial days both read them from here.
CREATE FUNCTION analytics.conversation_facet_values(category text, origin text, team_id text, status text,
  bot_started boolean, handed_off_at timestamptz, handoff_reason text, contained boolean)
RETURNS TABLE (field text, value text) LANGUAGE sql IMMUTABLE AS $$
  select 'category', category union all select 'origin', origin
  union all select 'team', team_id union all select 'status', status
  union all select 'bot_category', category where bot_started
  union all select 'bot_reason', handoff_reason where bot_started and handed_off_at is not null
  union all select 'bot_outcome', case when handed_off_at is not null then 'handed_off'
    when contained then 'contained' else 'other' end where bot_started
$$;
--> statement-breakpoint
-- The durations a cycle counts in (duration_counts), in one place: the rollup and the reports'
-- partial days both read them from here. -32768: counted without a duration (NO_DURATION_BUCKET).
CREATE FUNCTION analytics.cycle_durations(c analytics.conversation_cycles)
RETURNS TABLE (metric text, agent text, at timestamptz, bucket integer, seconds double precision)
LANGUAGE sql IMMUTABLE AS $$
  select 'first_response', '', c.first_response_at, coalesce(c.first_response_bucket, -32768),
    c.first_response_seconds where c.first_response_at is not null
  union all
  select 'resolution', '', c.resolved_at, coalesce(c.resolution_bucket, -32768), c.resolution_seconds
  where c.resolved_at is not null
  union all
  select 'agent_first_response', c.first_responder_id, c.first_response_at,
    coalesce(c.first_response_bucket, -32768), c.first_response_seconds
  where c.first_response_at is not null and c.first_responder_id is not null
  union all
  select 'agent_handle', c.resolved_by, c.resolved_at, coalesce(c.handle_bucket, -32768), c.handle_seconds
  where c.resolved_at is not null and c.resolved_by is not null
$$;
--> statement-breakpoint
CREATE FUNCTION analytics.apply_conversations(news analytics.conversations[], olds analytics.conversations[])
RETURNS void LANGUAGE sql AS $$
  with changes as (
    select 1 as sign, * from unnest(news) union all select -1, * from unnest(olds)
  ),
  slots as (
    insert into analytics.slot_counts as s (org_id, slot, created, reopened)
    select org_id, date_bin('15 minutes', created_at, timestamptz '2000-01-01 00:00:00Z'), sum(sign),
      sum(case when reopen_count > 0 then sign else 0 end)
    from changes group by 1, 2
    having sum(sign) <> 0 or sum(case when reopen_count > 0 then sign else 0 end) <> 0
    order by 1, 2
    on conflict (org_id, slot) do update
      set created = s.created + excluded.created, reopened = s.reopened + excluded.reopened
    returning 1
  )
  insert into analytics.conversation_facets as f (org_id, day, field, value, count)
  select c.org_id, date_trunc('day', c.created_at, 'UTC'), v.field, v.value, sum(c.sign)
  from changes c cross join lateral analytics.conversation_facet_values(c.category, c.origin, c.team_id,
    c.status, c.bot_started, c.handed_off_at, c.handoff_reason, c.contained) v
  group by 1, 2, 3, 4 having sum(c.sign) <> 0
  order by 1, 2, 3, 4
  on conflict on constraint conversation_facets_key do update set count = f.count + excluded.count;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics.apply_cycles(news analytics.conversation_cycles[], olds analytics.conversation_cycles[])
RETURNS void LANGUAGE sql AS $$
  with changes as (
    select 1 as sign, r from unnest(news) r union all select -1, r from unnest(olds) r
  ),
  slots as (
    insert into analytics.slot_counts as s (org_id, slot, cycles_started, cycles_resolved)
    select org_id, date_bin('15 minutes', at, timestamptz '2000-01-01 00:00:00Z'), sum(started), sum(resolved)
    from (
      select (r).org_id, (r).started_at as at, sign as started, 0 as resolved from changes
      union all select (r).org_id, (r).resolved_at, 0, sign from changes where (r).resolved_at is not null
    ) e
    group by 1, 2 having sum(started) <> 0 or sum(resolved) <> 0
    order by 1, 2
    on conflict (org_id, slot) do update set cycles_started = s.cycles_started + excluded.cycles_started,
      cycles_resolved = s.cycles_resolved + excluded.cycles_resolved
    returning 1
  )
  insert into analytics.duration_counts as d (org_id, metric, grain, period, agent, bucket, count, seconds)
  select (c.r).org_id, m.metric, g.grain, date_trunc(g.grain, m.at, 'UTC'), m.agent, m.bucket, sum(c.sign),
    coalesce(sum(c.sign * m.seconds::numeric), 0)
  from changes c cross join lateral analytics.cycle_durations(c.r) m
  cross join (values ('day'), ('month')) g(grain)
  group by 1, 2, 3, 4, 5, 6 having sum(c.sign) <> 0 or coalesce(sum(c.sign * m.seconds::numeric), 0) <> 0
  order by 1, 2, 3, 4, 5, 6
  on conflict (org_id, metric, grain, period, agent, bucket) do update
    set count = d.count + excluded.count, seconds = d.seconds + excluded.seconds;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics.apply_message_slots(news analytics.message_slots[], olds analytics.message_slots[])
RETURNS void LANGUAGE sql AS $$
  with changes as (
    select count as n, * from unnest(news) union all select -count, * from unnest(olds)
  ),
  slots as (
    insert into analytics.slot_counts as s (org_id, slot, messages_in, messages_out)
    select org_id, slot, coalesce(sum(n) filter (where direction = 'inbound'), 0),
      coalesce(sum(n) filter (where direction = 'outbound'), 0)
    from changes group by 1, 2
    having coalesce(sum(n) filter (where direction = 'inbound'), 0) <> 0
      or coalesce(sum(n) filter (where direction = 'outbound'), 0) <> 0
    order by 1, 2
    on conflict (org_id, slot) do update set messages_in = s.messages_in + excluded.messages_in,
      messages_out = s.messages_out + excluded.messages_out
    returning 1
  )
  insert into analytics.agent_days as a (org_id, day, user_id, messages)
  select org_id, date_trunc('day', slot, 'UTC'), user_id, sum(n)
  from changes where direction = 'outbound' and sender = 'agent' and user_id <> ''
  group by 1, 2, 3 having sum(n) <> 0
  order by 1, 2, 3
  on conflict (org_id, day, user_id) do update set messages = a.messages + excluded.messages;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics.apply_assignments(news analytics.assignments[], olds analytics.assignments[])
RETURNS void LANGUAGE sql AS $$
  insert into analytics.agent_days as a (org_id, day, user_id, assigned)
  select org_id, date_trunc('day', at, 'UTC'), user_id, sum(sign)
  from (select 1 as sign, * from unnest(news) union all select -1, * from unnest(olds)) changes
  group by 1, 2, 3 having sum(sign) <> 0
  order by 1, 2, 3
  on conflict (org_id, day, user_id) do update set assigned = a.assigned + excluded.assigned;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics.apply_bot_turns(news analytics.bot_turns[], olds analytics.bot_turns[])
RETURNS void LANGUAGE sql AS $$
  insert into analytics.bot_turn_days as b (org_id, day, kind, intent, count, followed)
  select org_id, date_trunc('day', at, 'UTC'), kind, intent, sum(sign),
    sum(case when followed_by_handoff then sign else 0 end)
  from (select 1 as sign, * from unnest(news) union all select -1, * from unnest(olds)) changes
  group by 1, 2, 3, 4 having sum(sign) <> 0 or sum(case when followed_by_handoff then sign else 0 end) <> 0
  order by 1, 2, 3, 4
  on conflict on constraint bot_turn_days_key do update
    set count = b.count + excluded.count, followed = b.followed + excluded.followed;
$$;
--> statement-breakpoint
-- One trigger function per table (the transition tables' rows cast to the table's type; a
-- branch names only the transition tables its trigger has).
CREATE FUNCTION analytics.conversations_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if TG_OP = 'INSERT' then
    perform analytics.apply_conversations((select array_agg(r::analytics.conversations) from new_rows r), null);
  elsif TG_OP = 'UPDATE' then
    perform analytics.apply_conversations((select array_agg(r::analytics.conversations) from new_rows r),
      (select array_agg(r::analytics.conversations) from old_rows r));
  else
    perform analytics.apply_conversations(null, (select array_agg(r::analytics.conversations) from old_rows r));
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE FUNCTION analytics.cycles_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if TG_OP = 'INSERT' then
    perform analytics.apply_cycles((select array_agg(r::analytics.conversation_cycles) from new_rows r), null);
  elsif TG_OP = 'UPDATE' then
    perform analytics.apply_cycles((select array_agg(r::analytics.conversation_cycles) from new_rows r),
      (select array_agg(r::analytics.conversation_cycles) from old_rows r));
  else
    perform analytics.apply_cycles(null, (select array_agg(r::analytics.conversation_cycles) from old_rows r));
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE FUNCTION analytics.message_slots_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if TG_OP = 'INSERT' then
    perform analytics.apply_message_slots((select array_agg(r::analytics.message_slots) from new_rows r), null);
  elsif TG_OP = 'UPDATE' then
    perform analytics.apply_message_slots((select array_agg(r::analytics.message_slots) from new_rows r),
      (select array_agg(r::analytics.message_slots) from old_rows r));
  else
    perform analytics.apply_message_slots(null, (select array_agg(r::analytics.message_slots) from old_rows r));
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE FUNCTION analytics.assignments_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if TG_OP = 'INSERT' then
    perform analytics.apply_assignments((select array_agg(r::analytics.assignments) from new_rows r), null);
  elsif TG_OP = 'UPDATE' then
    perform analytics.apply_assignments((select array_agg(r::analytics.assignments) from new_rows r),
      (select array_agg(r::analytics.assignments) from old_rows r));
  else
    perform analytics.apply_assignments(null, (select array_agg(r::analytics.assignments) from old_rows r));
  end if;
  return null;
end $$;
--> statement-breakpoint
CREATE FUNCTION analytics.bot_turns_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if TG_OP = 'INSERT' then
    perform analytics.apply_bot_turns((select array_agg(r::analytics.bot_turns) from new_rows r), null);
  elsif TG_OP = 'UPDATE' then
    perform analytics.apply_bot_turns((select array_agg(r::analytics.bot_turns) from new_rows r),
      (select array_agg(r::analytics.bot_turns) from old_rows r));
  else
    perform analytics.apply_bot_turns(null, (select array_agg(r::analytics.bot_turns) from old_rows r));
  end if;
  return null;
end $$;
--> statement-breakpoint
-- Existing rows: the new flags, then the rollups from the rows (in monthly chunks), then the
-- triggers that keep them from here on.
UPDATE analytics.conversation_cycles cy SET contained = true
FROM analytics.conversations c
WHERE c.id = cy.conversation_id AND c.org_id = cy.org_id AND c.contained AND cy.seq = 0;
--> statement-breakpoint
UPDATE analytics.bot_turns t SET followed_by_handoff = true
FROM analytics.conversations c
WHERE c.id = t.conversation_id AND t.kind = 'answer' AND c.handed_off_at >= t.at;
--> statement-breakpoint
DO $$
declare
  m timestamptz;
begin
  for m in select distinct date_trunc('month', created_at, 'UTC') from analytics.conversations loop
    perform analytics.apply_conversations(array(select c from analytics.conversations c
      where created_at >= m and created_at < m + interval '1 month'), null);
  end loop;
  for m in select distinct date_trunc('month', started_at, 'UTC') from analytics.conversation_cycles loop
    perform analytics.apply_cycles(array(select c from analytics.conversation_cycles c
      where started_at >= m and started_at < m + interval '1 month'), null);
  end loop;
  for m in select distinct date_trunc('month', slot, 'UTC') from analytics.message_slots loop
    perform analytics.apply_message_slots(array(select s from analytics.message_slots s
      where slot >= m and slot < m + interval '1 month'), null);
  end loop;
  perform analytics.apply_assignments(array(select a from analytics.assignments a), null);
  perform analytics.apply_bot_turns(array(select t from analytics.bot_turns t), null);
end $$;
--> statement-breakpoint
CREATE TRIGGER conversations_rollups_insert AFTER INSERT ON analytics.conversations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.conversations_rollups();
--> statement-breakpoint
CREATE TRIGGER conversations_rollups_update AFTER UPDATE ON analytics.conversations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.conversations_rollups();
--> statement-breakpoint
CREATE TRIGGER conversations_rollups_delete AFTER DELETE ON analytics.conversations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.conversations_rollups();
--> statement-breakpoint
CREATE TRIGGER cycles_rollups_insert AFTER INSERT ON analytics.conversation_cycles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.cycles_rollups();
--> statement-breakpoint
CREATE TRIGGER cycles_rollups_update AFTER UPDATE ON analytics.conversation_cycles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.cycles_rollups();
--> statement-breakpoint
CREATE TRIGGER cycles_rollups_delete AFTER DELETE ON analytics.conversation_cycles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.cycles_rollups();
--> statement-breakpoint
CREATE TRIGGER message_slots_rollups_insert AFTER INSERT ON analytics.message_slots
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.message_slots_rollups();
--> statement-breakpoint
CREATE TRIGGER message_slots_rollups_update AFTER UPDATE ON analytics.message_slots
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.message_slots_rollups();
--> statement-breakpoint
CREATE TRIGGER message_slots_rollups_delete AFTER DELETE ON analytics.message_slots
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.message_slots_rollups();
--> statement-breakpoint
CREATE TRIGGER assignments_rollups_insert AFTER INSERT ON analytics.assignments
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.assignments_rollups();
--> statement-breakpoint
CREATE TRIGGER assignments_rollups_update AFTER UPDATE ON analytics.assignments
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.assignments_rollups();
--> statement-breakpoint
CREATE TRIGGER assignments_rollups_delete AFTER DELETE ON analytics.assignments
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.assignments_rollups();
--> statement-breakpoint
CREATE TRIGGER bot_turns_rollups_insert AFTER INSERT ON analytics.bot_turns
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.bot_turns_rollups();
--> statement-breakpoint
CREATE TRIGGER bot_turns_rollups_update AFTER UPDATE ON analytics.bot_turns
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.bot_turns_rollups();
--> statement-breakpoint
CREATE TRIGGER bot_turns_rollups_delete AFTER DELETE ON analytics.bot_turns
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.bot_turns_rollups();
