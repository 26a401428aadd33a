CREATE TABLE "platform_zatca_unit" (
	"key" text PRIMARY KEY DEFAULT 'platform' NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"common_name" text NOT NULL,
	"cr_number" text NOT NULL,
	"organization_identifier" text NOT NULL,
	"organization_unit_name" text NOT NULL,
	"organization_name" text NOT NULL,
	"street" text NOT NULL,
	"street_address" text,
	"building_number" text NOT NULL,
	"subdivision" text NOT NULL,
	"city" text NOT NULL,
	"postal_code" text NOT NULL,
	"invoice_type" text DEFAULT '1100' NOT NULL,
	"industry" text DEFAULT 'Services' NOT NULL,
	"environment" text DEFAULT 'simulation' NOT NULL,
	"status" text DEFAULT 'not-connected' NOT NULL,
	"private_key_enc" text,
	"csr" text,
	"compliance_certificate" text,
	"compliance_secret_enc" text,
	"production_certificate" text,
	"production_secret_enc" text,
	"last_error" text,
	"connected_at" timestamp with time zone,
	"icv" integer DEFAULT 0 NOT NULL,
	"last_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "seller_name" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "seller_vat_number" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "seller_address" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "uuid" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "zatca_status" text DEFAULT 'not-submitted' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "icv" integer;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "invoice_hash" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "xml" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "cleared_xml" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "signed_qr" text;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "zatca_errors" jsonb;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "zatca_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "zatca_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD COLUMN "zatca_submitted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "subscription_invoices_zatca_due" ON "subscription_invoices" USING btree ("zatca_status","zatca_next_attempt_at");--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_icv" UNIQUE("icv");--> statement-breakpoint
SELECT app_secure_tenant_tables();
