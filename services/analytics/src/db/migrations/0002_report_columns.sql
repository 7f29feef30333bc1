CREATE TABLE "analytics"."agent_days" (
	"org_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"user_id" text NOT NULL,
	"assigned" integer DEFAULT 0 NOT NULL,
	"messages" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agent_days_org_id_day_user_id_pk" PRIMARY KEY("org_id","day","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics"."bot_turn_days" (
	"org_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"intent" text,
	"count" integer DEFAULT 0 NOT NULL,
	"followed" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bot_turn_days_key" UNIQUE NULLS NOT DISTINCT("org_id","day","kind","intent")
);
--> statement-breakpoint
CREATE TABLE "analytics"."conversation_facets" (
	"org_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"field" text NOT NULL,
	"value" text,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversation_facets_key" UNIQUE NULLS NOT DISTINCT("org_id","day","field","value")
);
--> statement-breakpoint
CREATE TABLE "analytics"."duration_counts" (
	"org_id" integer NOT NULL,
	"metric" text NOT NULL,
	"agent" text NOT NULL,
	"grain" text NOT NULL,
	"period" timestamp with time zone NOT NULL,
	"bucket" integer NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"seconds" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "duration_counts_org_id_metric_grain_period_agent_bucket_pk" PRIMARY KEY("org_id","metric","grain","period","agent","bucket")
);
--> statement-breakpoint
CREATE TABLE "analytics"."slot_counts" (
	"org_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"reopened" integer DEFAULT 0 NOT NULL,
	"cycles_started" integer DEFAULT 0 NOT NULL,
	"cycles_resolved" integer DEFAULT 0 NOT NULL,
	"messages_in" integer DEFAULT 0 NOT NULL,
	"messages_out" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "slot_counts_org_id_slot_pk" PRIMARY KEY("org_id","slot")
);
--> statement-breakpoint
DROP INDEX "analytics"."bot_turns_org_at";--> statement-breakpoint
DROP INDEX "analytics"."cycles_org_first_response";--> statement-breakpoint
DROP INDEX "analytics"."cycles_org_resolved";--> statement-breakpoint
ALTER TABLE "analytics"."bot_turns" ADD COLUMN "followed_by_handoff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics"."conversation_cycles" ADD COLUMN "contained" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analytics"."conversation_cycles" ADD COLUMN "first_response_seconds" double precision GENERATED ALWAYS AS (date_part('epoch', first_response_at - waiting_since)) STORED;--> statement-breakpoint
ALTER TABLE "analytics"."conversation_cycles" ADD COLUMN "resolution_seconds" double precision GENERATED ALWAYS AS (case when people_since is not null then date_part('epoch', resolved_at - people_since) when not contained then date_part('epoch', resolved_at - started_at) end) STORED;--> statement-breakpoint
ALTER TABLE "analytics"."conversation_cycles" ADD COLUMN "handle_seconds" double precision GENERATED ALWAYS AS (date_part('epoch', resolved_at - first_response_at)) STORED;--> statement-breakpoint
ALTER TABLE "analytics"."conversation_cycles" ADD COLUMN "first_response_bucket" integer GENERATED ALWAYS AS (case when date_part('epoch', first_response_at - (waiting_since)) >= 0 then floor(ln(1 + date_part('epoch', first_response_at - (waiting_since))) / ln(1.2))::int when date_part('epoch', first_response_at - (waiting_since)) < 0 then -1 - floor(ln(1 - date_part('epoch', first_response_at - (waiting_since))) / ln(1.2))::int end) STORED;--> statement-breakpoint
ALTER TABLE "analytics"."conversation_cycles" ADD COLUMN "resolution_bucket" integer GENERATED ALWAYS AS (case when date_part('epoch', resolved_at - (case when people_since is not null then people_since when not contained then started_at end)) >= 0 then floor(ln(1 + date_part('epoch', resolved_at - (case when people_since is not null then people_since when not contained then started_at end))) / ln(1.2))::int when date_part('epoch', resolved_at - (case when people_since is not null then people_since when not contained then started_at end)) < 0 then -1 - floor(ln(1 - date_part('epoch', resolved_at - (case when people_since is not null then people_since when not contained then started_at end))) / ln(1.2))::int end) STORED;--> statement-breakpoint
ALTER TABLE "analytics"."conversation_cycles" ADD COLUMN "handle_bucket" integer GENERATED ALWAYS AS (case when date_part('epoch', resolved_at - (first_response_at)) >= 0 then floor(ln(1 + date_part('epoch', resolved_at - (first_response_at))) / ln(1.2))::int when date_part('epoch', resolved_at - (first_response_at)) < 0 then -1 - floor(ln(1 - date_part('epoch', resolved_at - (first_response_at))) / ln(1.2))::int end) STORED;--> statement-breakpoint
CREATE INDEX "bot_turns_conversation" ON "analytics"."bot_turns" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "cycles_org_started" ON "analytics"."conversation_cycles" USING btree ("org_id","started_at");--> statement-breakpoint
CREATE INDEX "cycles_org_resolved_early" ON "analytics"."conversation_cycles" USING btree ("org_id","resolved_at","started_at") WHERE resolved_at < started_at;--> statement-breakpoint
CREATE INDEX "cycles_first_response_bucket" ON "analytics"."conversation_cycles" USING btree ("org_id","first_response_bucket","first_response_at","first_response_seconds");--> statement-breakpoint
CREATE INDEX "cycles_resolution_bucket" ON "analytics"."conversation_cycles" USING btree ("org_id","resolution_bucket","resolved_at","resolution_seconds");--> statement-breakpoint
CREATE INDEX "cycles_responder_bucket" ON "analytics"."conversation_cycles" USING btree ("org_id","first_responder_id","first_response_bucket","first_response_at","first_response_seconds");--> statement-breakpoint
CREATE INDEX "cycles_resolver_handle_bucket" ON "analytics"."conversation_cycles" USING btree ("org_id","resolved_by","handle_bucket","resolved_at","handle_seconds");--> statement-breakpoint
CREATE INDEX "bot_turns_org_at" ON "analytics"."bot_turns" USING btree ("org_id","at","kind","intent","followed_by_handoff");--> statement-breakpoint
CREATE INDEX "cycles_org_first_response" ON "analytics"."conversation_cycles" USING btree ("org_id","first_response_at","first_response_bucket","first_response_seconds","first_responder_id");--> statement-breakpoint
CREATE INDEX "cycles_org_resolved" ON "analytics"."conversation_cycles" USING btree ("org_id","resolved_at","resolution_bucket","resolution_seconds","handle_bucket","handle_seconds","resolved_by");