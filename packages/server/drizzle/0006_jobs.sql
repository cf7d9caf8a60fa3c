CREATE TABLE `job` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`data` text NOT NULL,
	`run_at` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`locked_until` integer,
	`locked_by` text,
	`singleton_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `job_due_idx` ON `job` (`name`,`run_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `job_singleton_idx` ON `job` (`name`,`singleton_key`);