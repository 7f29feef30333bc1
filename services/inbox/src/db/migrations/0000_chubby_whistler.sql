CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE SCHEMA "inbox";
--> statement-breakpoint
CREATE TABLE "inbox"."channels" (
	"org_id" integer PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"waba_id" text NOT NULL,
	"display_phone_number" text,
	"api_base_url" text NOT NULL,
	"api_version" text NOT NULL,
	"access_token_encrypted" text,
	"bot_enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channels_phone_number_id_unique" UNIQUE("phone_number_id")
);
--> statement-breakpoint
CREATE TABLE "inbox"."contacts" (
	"org_id" integer NOT NULL,
	"wa_id" text NOT NULL,
	"name" text,
	"profile_name" text,
	"alias" text,
	"notes" text,
	"custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_org_id_wa_id_pk" PRIMARY KEY("org_id","wa_id")
);
--> statement-breakpoint
CREATE TABLE "inbox"."conversation_tags" (
	"conversation_id" text NOT NULL,
	"tag_id" text NOT NULL,
	"org_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_tags_conversation_id_tag_id_pk" PRIMARY KEY("conversation_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "inbox"."conversations" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"wa_id" text NOT NULL,
	"status" text NOT NULL,
	"assigned_to" text,
	"team_id" text,
	"category" text,
	"origin" text NOT NULL,
	"follow_up" boolean DEFAULT false NOT NULL,
	"follow_up_note" text,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text,
	"last_message_direction" text,
	"last_customer_message_at" timestamp with time zone,
	"handoff_summary" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox"."messages" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"conversation_id" text NOT NULL,
	"direction" text NOT NULL,
	"sender" text NOT NULL,
	"sender_user_id" text,
	"type" text NOT NULL,
	"text" text,
	"content" jsonb,
	"provider_media_id" text,
	"media_mime_type" text,
	"media_size" integer,
	"media_filename" text,
	"media_caption" text,
	"media_sha256" text,
	"media_status" text,
	"media_error" text,
	"media_blob_key" text,
	"reaction" text,
	"hidden" boolean DEFAULT false NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"error_title" text,
	"provider_message_id" text,
	"reply_to_provider_id" text,
	"idempotency_key" text,
	"provider_timestamp" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbox"."outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"org_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbox"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "inbox"."quick_replies" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"shortcut" text NOT NULL,
	"label" text NOT NULL,
	"text" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"media_blob_key" text,
	"media_mime_type" text,
	"media_size" integer,
	"media_filename" text,
	"media_sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "contacts_search_trgm" ON "inbox"."contacts" USING gin ((coalesce("name", '') || ' ' || coalesce("profile_name", '') || ' ' || coalesce("alias", '') || ' ' || "wa_id") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "conversation_tags_tag" ON "inbox"."conversation_tags" USING btree ("org_id","tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_one_active" ON "inbox"."conversations" USING btree ("org_id","wa_id") WHERE status <> 'CLOSED';--> statement-breakpoint
CREATE INDEX "conversations_org_last" ON "inbox"."conversations" USING btree ("org_id","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_org_created" ON "inbox"."conversations" USING btree ("org_id","created_at","id");--> statement-breakpoint
CREATE INDEX "conversations_org_status" ON "inbox"."conversations" USING btree ("org_id","status","last_message_at");--> statement-breakpoint
CREATE INDEX "conversations_org_assignee" ON "inbox"."conversations" USING btree ("org_id","assigned_to");--> statement-breakpoint
CREATE INDEX "conversations_org_team" ON "inbox"."conversations" USING btree ("org_id","team_id");--> statement-breakpoint
CREATE INDEX "conversations_org_category" ON "inbox"."conversations" USING btree ("org_id","category");--> statement-breakpoint
CREATE INDEX "conversations_contact" ON "inbox"."conversations" USING btree ("org_id","wa_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id" ON "inbox"."messages" USING btree ("org_id","provider_message_id") WHERE provider_message_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "messages_idempotency" ON "inbox"."messages" USING btree ("org_id","idempotency_key") WHERE idempotency_key is not null;--> statement-breakpoint
CREATE INDEX "messages_conversation_created" ON "inbox"."messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_text_trgm" ON "inbox"."messages" USING gin ("text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "inbox"."outbox" USING btree ("created_at") WHERE published_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "quick_replies_org_shortcut" ON "inbox"."quick_replies" USING btree ("org_id",lower("shortcut"));