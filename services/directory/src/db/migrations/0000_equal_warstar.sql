CREATE SCHEMA "directory";
--> statement-breakpoint
CREATE TABLE "directory"."api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"expires_at" timestamp with time zone,
	"last_used_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."organizations" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."outbox" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"org_id" integer NOT NULL,
	"payload" jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "directory"."processed_events" (
	"consumer" text NOT NULL,
	"event_id" text NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "processed_events_consumer_event_id_pk" PRIMARY KEY("consumer","event_id")
);
--> statement-breakpoint
CREATE TABLE "directory"."refresh_tokens" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"user_id" text NOT NULL,
	"family_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"rotated_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."tags" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."team_members" (
	"team_id" text NOT NULL,
	"user_id" text NOT NULL,
	"org_id" integer NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_team_id_user_id_pk" PRIMARY KEY("team_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "directory"."team_schedules" (
	"team_id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"timezone" text NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"holidays" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."teams" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory"."users" (
	"id" text PRIMARY KEY NOT NULL,
	"org_id" integer NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'OFFLINE' NOT NULL,
	"status_changed_at" timestamp with time zone,
	"password_hash" text,
	"invitation_token_hash" text,
	"invitation_expires_at" timestamp with time zone,
	"invitation_accepted_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash" ON "directory"."api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "api_keys_org" ON "directory"."api_keys" USING btree ("org_id");--> statement-breakpoint
CREATE INDEX "outbox_unpublished_idx" ON "directory"."outbox" USING btree ("created_at") WHERE published_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "refresh_tokens_hash" ON "directory"."refresh_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "refresh_tokens_family" ON "directory"."refresh_tokens" USING btree ("family_id");--> statement-breakpoint
CREATE INDEX "refresh_tokens_user" ON "directory"."refresh_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_org_name" ON "directory"."tags" USING btree ("org_id",lower("name"));--> statement-breakpoint
CREATE INDEX "team_members_user" ON "directory"."team_members" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "teams_org_name_active" ON "directory"."teams" USING btree ("org_id",lower("name")) WHERE active;--> statement-breakpoint
CREATE UNIQUE INDEX "users_org_email_active" ON "directory"."users" USING btree ("org_id","email") WHERE deleted_at is null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_invitation_token" ON "directory"."users" USING btree ("invitation_token_hash");