ALTER TABLE "campaigns"."campaigns" ADD COLUMN "paused_by" text;--> statement-breakpoint
ALTER TABLE "campaigns"."campaigns" ADD COLUMN "cancelled_by" text;