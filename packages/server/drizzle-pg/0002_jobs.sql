CREATE TABLE "job" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"data" jsonb NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"locked_by" text,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "job_due_idx" ON "job" USING btree ("name","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_singleton_idx" ON "job" USING btree ("name","singleton_key");