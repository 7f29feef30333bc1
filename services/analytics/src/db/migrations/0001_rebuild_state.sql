CREATE TABLE "analytics"."rebuild_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"cutoff" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone,
	"events" integer DEFAULT 0 NOT NULL
);
