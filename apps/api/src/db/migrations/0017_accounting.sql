CREATE TABLE "accounting_apps" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"app" text NOT NULL,
	"api_key_enc" text NOT NULL,
	"organization" text,
	"environment" text DEFAULT 'simulation' NOT NULL,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounting_apps_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "accounting_apps_app" UNIQUE("tenant_id","app")
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "accounting_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "accounting_next_attempt_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "accounting_error" text;--> statement-breakpoint
ALTER TABLE "accounting_apps" ADD CONSTRAINT "accounting_apps_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
SELECT app_secure_tenant_tables();
