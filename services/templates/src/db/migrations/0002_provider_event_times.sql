CREATE TABLE "templates"."creation_budgets" (
	"waba_id" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
ALTER TABLE "templates"."template_status_history" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates"."templates" ADD COLUMN "provider_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates"."templates" ADD COLUMN "gone_from_whatsapp_at" timestamp with time zone;