CREATE TABLE "instance" (
	"id" text PRIMARY KEY NOT NULL,
	"hostname" text NOT NULL,
	"pid" integer NOT NULL,
	"version" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "log_entry" (
	"id" text PRIMARY KEY NOT NULL,
	"instance_id" text NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"level" integer NOT NULL,
	"msg" text NOT NULL,
	"request_id" text,
	"fields" jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "log_entry_time_idx" ON "log_entry" USING btree ("time","id");--> statement-breakpoint
CREATE INDEX "log_entry_level_time_idx" ON "log_entry" USING btree ("level","time","id");