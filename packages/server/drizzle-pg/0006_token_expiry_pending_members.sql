DROP INDEX "partner_member_partner_idx";--> statement-breakpoint
ALTER TABLE "api_token" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_member" ADD COLUMN "status" text DEFAULT 'confirmed' NOT NULL;--> statement-breakpoint
CREATE INDEX "partner_member_partner_idx" ON "partner_member" USING btree ("partner_id","status");--> statement-breakpoint
-- Issue 27: administrators' live tokens, which never expired, now expire 90 days from this migration.
UPDATE "api_token" SET "expires_at" = now() + interval '90 days' WHERE "expires_at" IS NULL AND "revoked_at" IS NULL AND "user_id" IN (SELECT "id" FROM "user" WHERE "is_admin");--> statement-breakpoint
-- Issue 27: a widget sign-up is a request an administrator confirms; until then no brand.
UPDATE "partner_member" SET "status" = 'pending' WHERE "source" = 'widget';
