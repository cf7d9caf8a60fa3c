CREATE TABLE `analysis` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text,
	`location` text NOT NULL,
	`city` text NOT NULL,
	`state` text NOT NULL,
	`industry` text NOT NULL,
	`primary_radius` integer NOT NULL,
	`secondary_radius` integer NOT NULL,
	`is_paid` integer DEFAULT false NOT NULL,
	`market_analysis_completed` integer DEFAULT false NOT NULL,
	`keyword_research_completed` integer DEFAULT false NOT NULL,
	`competition_analysis_completed` integer DEFAULT false NOT NULL,
	`market_analysis_data` text,
	`keyword_research_data` text,
	`competition_analysis_data` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsecond') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `analysis_user_created_idx` ON `analysis` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `census_cache` (
	`key` text PRIMARY KEY NOT NULL,
	`vintage` text NOT NULL,
	`state_fips` text NOT NULL,
	`payload` text NOT NULL,
	`fetched_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `imported_place` (
	`geoid` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`state` text NOT NULL,
	`population` integer NOT NULL,
	`housing_units` integer,
	`households` integer,
	`single_family_units` integer,
	`median_household_income` integer,
	`land_area_sq_mi` real,
	`lat` real NOT NULL,
	`lon` real NOT NULL,
	`source_file` text NOT NULL,
	`imported_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `imported_place_state_idx` ON `imported_place` (`state`);