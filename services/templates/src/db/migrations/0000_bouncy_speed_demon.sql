CREATE SCHEMA "templates";
--> statement-breakpoint
CREATE TABLE "templates"."header_media" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"handle" text NOT NULL,
	"header_type" text NOT NULL,
	"path" text NOT NULL,
	"mime_type" text NOT NULL,
	"size" bigint NOT NULL,
	"filename" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates"."outbox" (
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
CREATE TABLE "templates"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "templates"."template_creations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"waba_id" text NOT NULL,
	"template_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates"."template_edits" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"from_status" text NOT NULL,
	"actor_id" text,
	"edited_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates"."template_status_history" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"template_id" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"event" text NOT NULL,
	"reason" text,
	"changed_by" text NOT NULL,
	"actor_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates"."templates" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"requested_category" text,
	"status" text NOT NULL,
	"components" jsonb NOT NULL,
	"parameter_format" text NOT NULL,
	"folder" text,
	"inbox_category" text,
	"provider_template_id" text,
	"rejected_reason" text,
	"rejection_details" jsonb,
	"quality_rating" text,
	"header_media_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "header_media_org_handle" ON "templates"."header_media" USING btree ("org_id","handle");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "templates"."outbox" USING btree ("created_at") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "template_creations_waba" ON "templates"."template_creations" USING btree ("waba_id","created_at");--> statement-breakpoint
CREATE INDEX "template_edits_template" ON "templates"."template_edits" USING btree ("template_id","edited_at");--> statement-breakpoint
CREATE INDEX "template_status_history_template" ON "templates"."template_status_history" USING btree ("template_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_org_name_language" ON "templates"."templates" USING btree ("org_id","name","language") WHERE status <> 'REMOVED';--> statement-breakpoint
CREATE UNIQUE INDEX "templates_org_provider_id" ON "templates"."templates" USING btree ("org_id","provider_template_id") WHERE provider_template_id is not null;--> statement-breakpoint
CREATE INDEX "templates_org_status_name" ON "templates"."templates" USING btree ("org_id","status","name","id");--> statement-breakpoint
CREATE INDEX "templates_org_name" ON "templates"."templates" USING btree ("org_id","name","id");