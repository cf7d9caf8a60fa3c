DROP INDEX `partner_member_partner_idx`;--> statement-breakpoint
ALTER TABLE `partner_member` ADD `status` text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
CREATE INDEX `partner_member_partner_idx` ON `partner_member` (`partner_id`,`status`);--> statement-breakpoint
ALTER TABLE `api_token` ADD `expires_at` integer;--> statement-breakpoint
-- Issue 27: administrators' live tokens, which never expired, now expire 90 days from this migration.
UPDATE `api_token` SET `expires_at` = CAST(unixepoch('subsecond') * 1000 AS INTEGER) + 7776000000 WHERE `expires_at` IS NULL AND `revoked_at` IS NULL AND `user_id` IN (SELECT `id` FROM `user` WHERE `is_admin` = 1);--> statement-breakpoint
-- Issue 27: a widget sign-up is a request an administrator confirms; until then no brand.
UPDATE `partner_member` SET `status` = 'pending' WHERE `source` = 'widget';
