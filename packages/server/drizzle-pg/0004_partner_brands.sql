CREATE TABLE "partner_brand" (
	"partner_id" text PRIMARY KEY NOT NULL,
	"display_name" text NOT NULL,
	"primary_color" text NOT NULL,
	"text_color" text NOT NULL,
	"contact_line" text,
	"logo_png" text,
	"logo_source_type" text,
	"logo_hash" text,
	"updated_by" text,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_member" (
	"user_id" text PRIMARY KEY NOT NULL,
	"partner_id" text NOT NULL,
	"source" text NOT NULL,
	"assigned_by" text,
	"assigned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "partner_brand" ADD CONSTRAINT "partner_brand_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_member" ADD CONSTRAINT "partner_member_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_member" ADD CONSTRAINT "partner_member_partner_id_partner_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partner"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_member_partner_idx" ON "partner_member" USING btree ("partner_id");