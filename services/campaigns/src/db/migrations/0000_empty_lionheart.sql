CREATE SCHEMA "campaigns";
--> statement-breakpoint
CREATE TABLE "campaigns"."campaign_leases" (
	"name" text PRIMARY KEY NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns"."campaign_recipients" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"campaign_id" text NOT NULL,
	"seq" integer NOT NULL,
	"phone" text NOT NULL,
	"wa_id" text,
	"parameters" jsonb,
	"components" jsonb NOT NULL,
	"rendered_text" text NOT NULL,
	"status" text NOT NULL,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"not_before" timestamp with time zone,
	"provider_message_id" text,
	"error_code" text,
	"error_title" text,
	"error_details" text,
	"retryable_after" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"pricing_type" text,
	"pricing_category" text,
	"market" text NOT NULL,
	"cost" double precision,
	"survey_question" integer,
	"survey_completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns"."campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"template_id" text NOT NULL,
	"template_name" text NOT NULL,
	"template_language" text NOT NULL,
	"template_category" text NOT NULL,
	"template_components" jsonb NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"pause_code" text,
	"pause_reason" text,
	"scheduled_at" timestamp with time zone,
	"questions" jsonb,
	"phone_number_id" text NOT NULL,
	"waba_id" text NOT NULL,
	"total" integer NOT NULL,
	"currency" text NOT NULL,
	"estimated_cost" double precision NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaigns"."outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"org_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"leased_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaigns"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns"."survey_answers" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"campaign_id" text NOT NULL,
	"recipient_id" text NOT NULL,
	"question_index" integer NOT NULL,
	"answer" text NOT NULL,
	"source" text NOT NULL,
	"provider_message_id" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_seq" ON "campaigns"."campaign_recipients" USING btree ("campaign_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_phone" ON "campaigns"."campaign_recipients" USING btree ("campaign_id","phone");--> statement-breakpoint
CREATE INDEX "campaign_recipients_status" ON "campaigns"."campaign_recipients" USING btree ("campaign_id","status","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_provider_id" ON "campaigns"."campaign_recipients" USING btree ("org_id","provider_message_id") WHERE provider_message_id is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_wa_id" ON "campaigns"."campaign_recipients" USING btree ("org_id","wa_id","sent_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_lease" ON "campaigns"."campaign_recipients" USING btree ("lease_until") WHERE status = 'DISPATCHING';--> statement-breakpoint
CREATE INDEX "campaigns_org_created" ON "campaigns"."campaigns" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "campaigns_template" ON "campaigns"."campaigns" USING btree ("org_id","template_id");--> statement-breakpoint
CREATE INDEX "campaigns_due" ON "campaigns"."campaigns" USING btree ("status","scheduled_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "campaigns"."outbox" USING btree ("created_at") WHERE published_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_question" ON "campaigns"."survey_answers" USING btree ("recipient_id","question_index");--> statement-breakpoint
CREATE UNIQUE INDEX "survey_answers_message" ON "campaigns"."survey_answers" USING btree ("org_id","provider_message_id");--> statement-breakpoint
CREATE INDEX "survey_answers_campaign" ON "campaigns"."survey_answers" USING btree ("campaign_id","answered_at");