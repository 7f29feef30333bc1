CREATE TABLE "inbox"."bot_config" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"settings" jsonb,
	"settings_updated_at" timestamp with time zone,
	"categories" jsonb,
	"categories_updated_at" timestamp with time zone,
	"routing" jsonb,
	"routing_updated_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."bot_conversation_state" (
	"conversation_id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"greeted" boolean DEFAULT false NOT NULL,
	"consecutive_fallbacks" integer DEFAULT 0 NOT NULL,
	"last_turn_message_id" text,
	"last_intent" text,
	"context_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"scope" text NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"reclassified" integer DEFAULT 0 NOT NULL,
	"rerouted" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"cursor" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox"."routing_cursors" (
	"org_id" integer NOT NULL,
	"team_id" text NOT NULL,
	"last_user_id" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "routing_cursors_org_id_team_id_pk" PRIMARY KEY("org_id","team_id")
);
--> statement-breakpoint
ALTER TABLE "inbox"."conversations" ADD COLUMN "category_source" text;--> statement-breakpoint
ALTER TABLE "inbox"."conversations" ADD COLUMN "category_confidence" double precision;--> statement-breakpoint
CREATE INDEX "jobs_org_created" ON "inbox"."jobs" USING btree ("org_id","created_at");