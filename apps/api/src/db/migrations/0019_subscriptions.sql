CREATE TABLE "plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"monthly_amount" bigint DEFAULT 0 NOT NULL,
	"yearly_amount" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"limits" jsonb NOT NULL,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"plugins" text[] DEFAULT '{}'::text[] NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plans_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "platform_banks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"beneficiary_name" text NOT NULL,
	"iban" text NOT NULL,
	"account_number" text NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "platform_products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name_ar" text NOT NULL,
	"name_en" text NOT NULL,
	"description_ar" text DEFAULT '' NOT NULL,
	"description_en" text DEFAULT '' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payment_method" text NOT NULL,
	"plan_id" uuid,
	"cycle" text,
	"product_id" uuid,
	"quantity" integer DEFAULT 1 NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"unit_amount" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"vat_rate_bps" integer DEFAULT 0 NOT NULL,
	"vat_amount" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'SAR' NOT NULL,
	"coupon_id" uuid,
	"coupon_code" text,
	"idempotency_key" text NOT NULL,
	"gateway_ref" text,
	"gateway_payment_id" text,
	"bank_id" uuid,
	"beneficiary_name" text,
	"receipt_path" text,
	"receipt_name" text,
	"receipt_mime" text,
	"reviewed_by" uuid,
	"reviewed_at" timestamp with time zone,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "subscription_charges_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "subscription_coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"max_redemptions" integer,
	"redemptions" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "subscription_coupons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"charge_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"template" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"description_ar" text NOT NULL,
	"description_en" text NOT NULL,
	"payment_method" text NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"vat_rate_bps" integer NOT NULL,
	"vat_amount" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"currency" text NOT NULL,
	"buyer_name" text NOT NULL,
	"buyer_vat_number" text,
	"qr" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "subscription_invoices_number" UNIQUE("number"),
	CONSTRAINT "subscription_invoices_charge" UNIQUE("charge_id")
);
--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_cycle" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_anchor_day" integer;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_auto_renew" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_retry_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_card_token" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_next_plan_id" uuid;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_next_cycle" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "subscription_renewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_idempotency" ON "subscription_charges" USING btree ("idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_gateway_ref" ON "subscription_charges" USING btree ("gateway_ref");--> statement-breakpoint
CREATE INDEX "subscription_charges_tenant_created" ON "subscription_charges" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_charges_review" ON "subscription_charges" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "subscription_invoices_tenant_issued" ON "subscription_invoices" USING btree ("tenant_id","issued_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_period" ON "subscription_invoices" ("tenant_id", "period_start") WHERE "kind" IN ('new', 'renewal');--> statement-breakpoint
INSERT INTO "plans" ("slug", "name_ar", "name_en", "description_ar", "description_en", "monthly_amount", "yearly_amount", "limits", "features", "plugins", "recommended", "sort") VALUES
  ('basic', 'الأساسية', 'Basic', 'لنشاط صغير يبدأ: فرع واحد وفريق صغير', 'For a small business starting out: one branch, a small team', 9900, 106920, '{"providers": 3, "branches": 1, "users": 3, "bookings_per_month": 500}', '{calendar,bookings,orders,customers,invoices,reports}', '{}', false, 1),
  ('pro', 'الاحترافية', 'Professional', 'لنشاط ينمو: عدة فروع، نقطة البيع والباقات', 'For a growing business: several branches, the cashier and packages', 19900, 214920, '{"providers": 10, "branches": 3, "users": 10, "bookings_per_month": 3000}', '{calendar,bookings,orders,customers,invoices,reports,zatca,store,marketing}', '{pos,packages}', true, 2),
  ('business', 'الأعمال', 'Business', 'بلا حدود: كل الفروع والموظفين وكل الإضافات', 'No limits: every branch, every member of staff, every plugin', 39900, 430920, '{"providers": null, "branches": null, "users": null, "bookings_per_month": null}', '{calendar,bookings,orders,customers,invoices,reports,zatca,store,marketing,accounting,priority_support}', '{pos,packages,commission,boundaries}', false, 3);--> statement-breakpoint
SELECT app_secure_tenant_tables();
