ALTER TABLE "inbox"."contacts" ADD COLUMN "pending_template_category" text;--> statement-breakpoint
-- A WABA id becomes one organization's (account-level webhooks find the organization by it). Two
-- organizations sharing one cannot be resolved by guessing the owner: stop with the ids and the fix.
DO $$
DECLARE
  shared text;
BEGIN
  SELECT string_agg(format('%s (organizations %s)', waba_id, orgs), '; ' ORDER BY waba_id) INTO shared
  FROM (
    SELECT waba_id, string_agg(org_id::text, ', ' ORDER BY org_id) AS orgs
    FROM "inbox"."channels" GROUP BY waba_id HAVING count(*) > 1
  ) AS duplicated;
  IF shared IS NOT NULL THEN
    RAISE EXCEPTION 'Cannot make WhatsApp Business Account ids unique: shared by several organizations: %', shared
      USING HINT = 'Keep each WABA id on the one organization that owns it: set the others'' inbox.channels.waba_id to their own WABA (or delete their channel), then start the inbox again.';
  END IF;
END $$;--> statement-breakpoint
ALTER TABLE "inbox"."channels" ADD CONSTRAINT "channels_waba_id_unique" UNIQUE("waba_id");
