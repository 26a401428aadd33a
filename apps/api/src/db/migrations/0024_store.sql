CREATE TABLE "slot_hold_times" (
	"tenant_id" uuid NOT NULL,
	"hold_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"occupied_until" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "slot_hold_times_tenant_id_hold_id_provider_id_start_at_pk" PRIMARY KEY("tenant_id","hold_id","provider_id","start_at")
);
--> statement-breakpoint
CREATE TABLE "slot_holds" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"branch_id" uuid NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"staff_id" uuid,
	"start_at" timestamp with time zone NOT NULL,
	"provider_ids" uuid[] NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"waitlist_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "slot_holds_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "slot_holds_token" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "store_gallery" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"path" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"caption" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_gallery_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_otps" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_otps_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "store_pages" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"body" text,
	"url" text,
	"published" boolean DEFAULT true NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_pages_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "store_pages_slug" UNIQUE("tenant_id","slug")
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"maintenance_title" text,
	"maintenance_body" text,
	"description" text,
	"primary_color" text DEFAULT '#3B71FE' NOT NULL,
	"secondary_color" text DEFAULT '#6DC8F9' NOT NULL,
	"background_color" text DEFAULT '#FFFFFF' NOT NULL,
	"banner_path" text,
	"favicon_path" text,
	"layout" text DEFAULT 'everything' NOT NULL,
	"social" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"contact_phone" text,
	"contact_email" text,
	"address" text,
	"approve_bookings" boolean DEFAULT false NOT NULL,
	"change_notice_hours" integer DEFAULT 24 NOT NULL,
	"allow_reschedule" boolean DEFAULT true NOT NULL,
	"allow_cancel" boolean DEFAULT true NOT NULL,
	"require_phone_otp" boolean DEFAULT true NOT NULL,
	"show_prices" boolean DEFAULT true NOT NULL,
	"booking_window_days" integer DEFAULT 60 NOT NULL,
	"waitlist_enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store_visits" (
	"tenant_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "store_visits_tenant_id_day_pk" PRIMARY KEY("tenant_id","day")
);
--> statement-breakpoint
CREATE TABLE "waitlist_entries" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"service_ids" uuid[] NOT NULL,
	"staff_id" uuid,
	"day" date NOT NULL,
	"customer_id" uuid,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"locale" text DEFAULT 'ar' NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"offered_at" timestamp with time zone,
	"offer_expires_at" timestamp with time zone,
	"hold_id" uuid,
	"order_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "custom_domain" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "custom_domain_token" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "custom_domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "slot_hold_times" ADD CONSTRAINT "slot_hold_times_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_hold_times" ADD CONSTRAINT "slot_hold_times_tenant_id_hold_id_slot_holds_tenant_id_id_fk" FOREIGN KEY ("tenant_id","hold_id") REFERENCES "public"."slot_holds"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_hold_times" ADD CONSTRAINT "slot_hold_times_tenant_id_provider_id_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_holds" ADD CONSTRAINT "slot_holds_tenant_id_branch_id_branches_tenant_id_id_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_gallery" ADD CONSTRAINT "store_gallery_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_otps" ADD CONSTRAINT "store_otps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_pages" ADD CONSTRAINT "store_pages_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_visits" ADD CONSTRAINT "store_visits_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_branch_id_branches_tenant_id_id_fk" FOREIGN KEY ("tenant_id","branch_id") REFERENCES "public"."branches"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_customer_id_customers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","customer_id") REFERENCES "public"."customers"("tenant_id","id") ON DELETE SET NULL ("customer_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_order_id_orders_tenant_id_id_fk" FOREIGN KEY ("tenant_id","order_id") REFERENCES "public"."orders"("tenant_id","id") ON DELETE SET NULL ("order_id") ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "slot_hold_times_provider_time" ON "slot_hold_times" USING btree ("tenant_id","provider_id","start_at");--> statement-breakpoint
CREATE INDEX "slot_holds_expiry" ON "slot_holds" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "store_gallery_order" ON "store_gallery" USING btree ("tenant_id","sort_order","created_at");--> statement-breakpoint
CREATE INDEX "store_otps_phone" ON "store_otps" USING btree ("tenant_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_day" ON "waitlist_entries" USING btree ("tenant_id","branch_id","day","status","created_at");--> statement-breakpoint
CREATE INDEX "waitlist_offers" ON "waitlist_entries" USING btree ("offer_expires_at") WHERE "waitlist_entries"."status" = 'offered';--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_custom_domain_unique" UNIQUE("custom_domain");--> statement-breakpoint
SELECT app_secure_tenant_tables();
