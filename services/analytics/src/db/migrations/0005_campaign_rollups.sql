-- campaign_days kept from campaign_recipients as 0003_rollups keeps the others (see there).
-- The stages a recipient counts in, in one place: the rollup and the overview's partial days
-- both read them from here. The cost goes with the send.
CREATE FUNCTION analytics.recipient_stages(sent_at timestamptz, delivered_at timestamptz,
  read_at timestamptz, replied_at timestamptz, cost double precision)
RETURNS TABLE (stage text, at timestamptz, cost numeric) LANGUAGE sql IMMUTABLE AS $$
  select 'sent', sent_at, coalesce(cost::numeric, 0) where sent_at is not null
  union all select 'delivered', delivered_at, 0 where delivered_at is not null
  union all select 'read', read_at, 0 where read_at is not null
  union all select 'replied', replied_at, 0 where replied_at is not null
$$;
--> statement-breakpoint
CREATE FUNCTION analytics.apply_recipients(news analytics.campaign_recipients[], olds analytics.campaign_recipients[])
RETURNS void LANGUAGE sql AS $$
  insert into analytics.campaign_days as d (org_id, day, campaign_id, sent, delivered, read, replied, cost)
  select c.org_id, date_trunc('day', s.at, 'UTC'), c.campaign_id,
    coalesce(sum(c.sign) filter (where s.stage = 'sent'), 0),
    coalesce(sum(c.sign) filter (where s.stage = 'delivered'), 0),
    coalesce(sum(c.sign) filter (where s.stage = 'read'), 0),
    coalesce(sum(c.sign) filter (where s.stage = 'replied'), 0), sum(c.sign * s.cost)
  from (select 1 as sign, * from unnest(news) union all select -1, * from unnest(olds)) c
  cross join lateral analytics.recipient_stages(c.sent_at, c.delivered_at, c.read_at, c.replied_at, c.cost) s
  group by 1, 2, 3
  having (sum(c.sign * s.cost) <> 0 or sum(c.sign) filter (where s.stage = 'sent') <> 0
    or sum(c.sign) filter (where s.stage = 'delivered') <> 0 or sum(c.sign) filter (where s.stage = 'read') <> 0
    or sum(c.sign) filter (where s.stage = 'replied') <> 0)
  order by 1, 2, 3
  on conflict (org_id, day, campaign_id) do update
    set sent = d.sent + excluded.sent, delivered = d.delivered + excluded.delivered,
      read = d.read + excluded.read, replied = d.replied + excluded.replied, cost = d.cost + excluded.cost;
$$;
--> statement-breakpoint
CREATE FUNCTION analytics.recipients_rollups() RETURNS trigger LANGUAGE plpgsql AS $$
begin
  if TG_OP = 'INSERT' then
    perform analytics.apply_recipients((select array_agg(r::analytics.campaign_recipients) from new_rows r), null);
  elsif TG_OP = 'UPDATE' then
    perform analytics.apply_recipients((select array_agg(r::analytics.campaign_recipients) from new_rows r),
      (select array_agg(r::analytics.campaign_recipients) from old_rows r));
  else
    perform analytics.apply_recipients(null, (select array_agg(r::analytics.campaign_recipients) from old_rows r));
  end if;
  return null;
end $$;
--> statement-breakpoint
SELECT analytics.apply_recipients(array(select r from analytics.campaign_recipients r), null);
--> statement-breakpoint
CREATE TRIGGER recipients_rollups_insert AFTER INSERT ON analytics.campaign_recipients
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.recipients_rollups();
--> statement-breakpoint
CREATE TRIGGER recipients_rollups_update AFTER UPDATE ON analytics.campaign_recipients
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.recipients_rollups();
--> statement-breakpoint
CREATE TRIGGER recipients_rollups_delete AFTER DELETE ON analytics.campaign_recipients
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION analytics.recipients_rollups();
