CREATE TABLE "zatca_devices" (
	"tenant_id" uuid NOT NULL,
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
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "zatca_devices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "zatca_devices_tenant" UNIQUE("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "billing_details" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "icv" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "invoice_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "previous_hash" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "xml" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "signed_qr" text;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "zatca_errors" jsonb;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "zatca_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "zatca_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "zatca_submitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "zatca_devices" ADD CONSTRAINT "zatca_devices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_icv" UNIQUE("tenant_id","icv");--> statement-breakpoint
SELECT app_secure_tenant_tables();
