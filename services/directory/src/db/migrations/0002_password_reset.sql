ALTER TABLE "directory"."users" ADD COLUMN "password_reset_token_hash" text;--> statement-breakpoint
ALTER TABLE "directory"."users" ADD COLUMN "password_reset_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "users_password_reset_token" ON "directory"."users" USING btree ("password_reset_token_hash");