CREATE TABLE `instance` (
	`id` text PRIMARY KEY NOT NULL,
	`hostname` text NOT NULL,
	`pid` integer NOT NULL,
	`version` text NOT NULL,
	`started_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `log_entry` (
	`id` text PRIMARY KEY NOT NULL,
	`instance_id` text NOT NULL,
	`time` integer NOT NULL,
	`level` integer NOT NULL,
	`msg` text NOT NULL,
	`request_id` text,
	`fields` text NOT NULL
);
--> statement-breakpoint
CREATE INDEX `log_entry_time_idx` ON `log_entry` (`time`,`id`);--> statement-breakpoint
CREATE INDEX `log_entry_level_time_idx` ON `log_entry` (`level`,`time`,`id`);