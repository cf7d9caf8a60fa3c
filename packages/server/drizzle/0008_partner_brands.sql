CREATE TABLE `partner_brand` (
	`partner_id` text PRIMARY KEY NOT NULL,
	`display_name` text NOT NULL,
	`primary_color` text NOT NULL,
	`text_color` text NOT NULL,
	`contact_line` text,
	`logo_png` text,
	`logo_source_type` text,
	`logo_hash` text,
	`updated_by` text,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`partner_id`) REFERENCES `partner`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `partner_member` (
	`user_id` text PRIMARY KEY NOT NULL,
	`partner_id` text NOT NULL,
	`source` text NOT NULL,
	`assigned_by` text,
	`assigned_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`partner_id`) REFERENCES `partner`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `partner_member_partner_idx` ON `partner_member` (`partner_id`);