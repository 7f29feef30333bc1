CREATE TABLE "analytics"."campaign_days" (
	"org_id" integer NOT NULL,
	"day" timestamp with time zone NOT NULL,
	"campaign_id" text NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	"delivered" integer DEFAULT 0 NOT NULL,
	"read" integer DEFAULT 0 NOT NULL,
	"replied" integer DEFAULT 0 NOT NULL,
	"cost" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "campaign_days_org_id_day_campaign_id_pk" PRIMARY KEY("org_id","day","campaign_id")
);
--> statement-breakpoint
CREATE INDEX "campaign_recipients_org_delivered" ON "analytics"."campaign_recipients" USING btree ("org_id","delivered_at") WHERE delivered_at is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_org_read" ON "analytics"."campaign_recipients" USING btree ("org_id","read_at") WHERE read_at is not null;--> statement-breakpoint
CREATE INDEX "campaign_recipients_org_replied" ON "analytics"."campaign_recipients" USING btree ("org_id","replied_at") WHERE replied_at is not null;