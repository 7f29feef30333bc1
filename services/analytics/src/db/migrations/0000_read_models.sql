CREATE SCHEMA "analytics";
--> statement-breakpoint
CREATE TABLE "analytics"."assignments" (
	"event_id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"conversation_id" text NOT NULL,
	"user_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics"."bot_turns" (
	"event_id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"conversation_id" text NOT NULL,
	"kind" text NOT NULL,
	"intent" text,
	"confidence" double precision,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics"."campaign_recipients" (
	"recipient_id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"campaign_id" text NOT NULL,
	"status" text NOT NULL,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"failed_at" timestamp with time zone,
	"error_code" text,
	"cost" double precision
);
--> statement-breakpoint
CREATE TABLE "analytics"."campaigns" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"recipients" integer NOT NULL,
	"estimated_cost" double precision NOT NULL,
	"currency" text
);
--> statement-breakpoint
CREATE TABLE "analytics"."conversation_cycles" (
	"conversation_id" text NOT NULL,
	"seq" integer NOT NULL,
	"org_id" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"people_since" timestamp with time zone,
	"waiting_since" timestamp with time zone,
	"first_response_at" timestamp with time zone,
	"first_responder_id" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	CONSTRAINT "conversation_cycles_conversation_id_seq_pk" PRIMARY KEY("conversation_id","seq")
);
--> statement-breakpoint
CREATE TABLE "analytics"."conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"origin" text NOT NULL,
	"bot_started" boolean NOT NULL,
	"status" text NOT NULL,
	"category" text,
	"team_id" text,
	"assigned_to" text,
	"handed_off_at" timestamp with time zone,
	"handoff_reason" text,
	"contained" boolean DEFAULT false NOT NULL,
	"closed_at" timestamp with time zone,
	"reopen_count" integer DEFAULT 0 NOT NULL,
	"last_event_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics"."message_slots" (
	"org_id" integer NOT NULL,
	"slot" timestamp with time zone NOT NULL,
	"direction" text NOT NULL,
	"sender" text NOT NULL,
	"user_id" text DEFAULT '' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "message_slots_org_id_slot_direction_sender_user_id_pk" PRIMARY KEY("org_id","slot","direction","sender","user_id")
);
--> statement-breakpoint
CREATE TABLE "analytics"."outbox" (
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
CREATE TABLE "analytics"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "analytics"."user_status_changes" (
	"event_id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text,
	"role" text,
	"status" text,
	"status_since" timestamp with time zone,
	"deleted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "assignments_org_at" ON "analytics"."assignments" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "bot_turns_org_at" ON "analytics"."bot_turns" USING btree ("org_id","at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_campaign" ON "analytics"."campaign_recipients" USING btree ("campaign_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_org_sent" ON "analytics"."campaign_recipients" USING btree ("org_id","sent_at") WHERE sent_at is not null;--> statement-breakpoint
CREATE INDEX "campaigns_org_created" ON "analytics"."campaigns" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "cycles_org_first_response" ON "analytics"."conversation_cycles" USING btree ("org_id","first_response_at");--> statement-breakpoint
CREATE INDEX "cycles_org_resolved" ON "analytics"."conversation_cycles" USING btree ("org_id","resolved_at");--> statement-breakpoint
CREATE INDEX "conversations_org_created" ON "analytics"."conversations" USING btree ("org_id","created_at");--> statement-breakpoint
CREATE INDEX "conversations_org_closed" ON "analytics"."conversations" USING btree ("org_id","closed_at");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "analytics"."outbox" USING btree ("created_at") WHERE published_at is null;--> statement-breakpoint
CREATE INDEX "user_status_changes_org_user_at" ON "analytics"."user_status_changes" USING btree ("org_id","user_id","at");--> statement-breakpoint
CREATE INDEX "users_org" ON "analytics"."users" USING btree ("org_id");