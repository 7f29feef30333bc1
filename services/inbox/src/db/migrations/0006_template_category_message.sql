-- The message that left the pending category, so a status webhook failing it can take it back.
-- A category pending from before has none: it stays until the reply or its 72 hours.
ALTER TABLE "inbox"."contacts" ADD COLUMN "pending_template_message_id" text;
