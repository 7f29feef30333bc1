ALTER TABLE "inbox"."contacts" ADD COLUMN "pending_template_sent_at" timestamp with time zone;--> statement-breakpoint
-- A category stored before the send time was kept cannot be dated (and may be a failed send's): dropped.
UPDATE "inbox"."contacts" SET "pending_template_category" = NULL WHERE "pending_template_category" IS NOT NULL;
