CREATE TABLE "invoices" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"type" text NOT NULL,
	"template" text NOT NULL,
	"status" text DEFAULT 'approved' NOT NULL,
	"order_id" uuid NOT NULL,
	"original_invoice_id" uuid,
	"branch_id" uuid,
	"customer_id" uuid,
	"currency" text NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"discount_amount" bigint DEFAULT 0 NOT NULL,
	"taxable_amount" bigint DEFAULT 0 NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"lines" jsonb NOT NULL,
	"tax_groups" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"customer_name" text,
	"customer_phone" text,
	"billing_name" text,
	"billing_country" text,
	"billing_address" text,
	"vat_id" text,
	"reason_id" uuid,
	"reason" text,
	"order_status_before" text,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"zatca_status" text DEFAULT 'not-submitted' NOT NULL,
	"accounting_status" text DEFAULT 'unsynced' NOT NULL,
	"wafeq_id" text,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "invoices_tenant_number" UNIQUE("tenant_id","number"),
	CONSTRAINT "invoices_original" UNIQUE("tenant_id","original_invoice_id")
);
--> statement-breakpoint
CREATE TABLE "quotations" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"customer_id" uuid,
	"customer_name" text,
	"branch_id" uuid,
	"currency" text NOT NULL,
	"items" jsonb NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"tax_amount" bigint DEFAULT 0 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	"notes" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"valid_until" text,
	"order_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "quotations_tenant_number" UNIQUE("tenant_id","number")
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "kind" text DEFAULT 'payment' NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_original_invoice_id_invoices_tenant_id_id_fk" FOREIGN KEY ("tenant_id","original_invoice_id") REFERENCES "public"."invoices"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_order" ON "invoices" USING btree ("tenant_id","order_id");--> statement-breakpoint
CREATE INDEX "invoices_list" ON "invoices" USING btree ("tenant_id","type","issued_at","number");--> statement-breakpoint
CREATE INDEX "quotations_list" ON "quotations" USING btree ("tenant_id","created_at","number");--> statement-breakpoint
SELECT app_secure_tenant_tables();
--> statement-breakpoint
-- Sales on the dashboard: a refund (money given back with a credit note) takes its amount off the
-- day it was given back, and is not a payment of its own.
CREATE OR REPLACE FUNCTION dash_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at AND OLD.amount = NEW.amount
     AND OLD.branch_id IS NOT DISTINCT FROM NEW.branch_id AND OLD.created_at = NEW.created_at AND OLD.kind = NEW.kind THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'confirmed' AND OLD.deleted_at IS NULL THEN
    PERFORM dash_add(OLD.tenant_id, OLD.branch_id, 'sales', dash_day(OLD.tenant_id, OLD.created_at), '',
      CASE WHEN OLD.kind = 'refund' THEN OLD.amount ELSE -OLD.amount END, CASE WHEN OLD.kind = 'refund' THEN 0 ELSE -1 END);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'confirmed' AND NEW.deleted_at IS NULL THEN
    PERFORM dash_add(NEW.tenant_id, NEW.branch_id, 'sales', dash_day(NEW.tenant_id, NEW.created_at), '',
      CASE WHEN NEW.kind = 'refund' THEN -NEW.amount ELSE NEW.amount END, CASE WHEN NEW.kind = 'refund' THEN 0 ELSE 1 END);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dash_rebuild(t uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT coalesce(timezone, 'UTC') INTO tz FROM tenants WHERE id = t;
  DELETE FROM dashboard_counts WHERE tenant_id = t;
  INSERT INTO dashboard_counts (tenant_id, branch_key, metric, day, key, amount, count, compacted)
  SELECT t, b, m, d, k, sum(amt), sum(n), true FROM (
    SELECT coalesce(x.branch_id, '00000000-0000-0000-0000-000000000000'::uuid) AS b, 'sales' AS m, (x.created_at AT TIME ZONE tz)::date AS d, '' AS k,
           CASE WHEN x.kind = 'refund' THEN -x.amount ELSE x.amount END AS amt, CASE WHEN x.kind = 'refund' THEN 0 ELSE 1 END::bigint AS n
      FROM transactions x WHERE x.tenant_id = t AND x.status = 'confirmed' AND x.deleted_at IS NULL
    UNION ALL
    SELECT coalesce(o.branch_id, '00000000-0000-0000-0000-000000000000'::uuid), 'orders', (o.created_at AT TIME ZONE tz)::date, o.source, 0, 1
      FROM orders o WHERE o.tenant_id = t AND NOT o.is_draft AND o.deleted_at IS NULL
    UNION ALL
    SELECT coalesce(o.branch_id, '00000000-0000-0000-0000-000000000000'::uuid),
           CASE WHEN o.deleted_at IS NULL AND NOT o.is_draft THEN 'order_status' ELSE 'order_list' END, DATE '1970-01-01',
           CASE WHEN o.deleted_at IS NOT NULL THEN 'trash' WHEN o.is_draft THEN 'draft' ELSE o.status END, 0, 1
      FROM orders o WHERE o.tenant_id = t
    UNION ALL
    SELECT coalesce(o.branch_id, '00000000-0000-0000-0000-000000000000'::uuid), 'services', (o.created_at AT TIME ZONE tz)::date, i.service_id::text, i.total, i.quantity
      FROM order_items i JOIN orders o ON o.tenant_id = i.tenant_id AND o.id = i.order_id
      WHERE i.tenant_id = t AND i.type = 'service' AND i.service_id IS NOT NULL AND NOT o.is_draft AND o.deleted_at IS NULL AND o.status <> 'canceled'
    UNION ALL
    SELECT '00000000-0000-0000-0000-000000000000'::uuid, 'customers', (c.created_at AT TIME ZONE tz)::date, '', 0, 1
      FROM customers c WHERE c.tenant_id = t
  ) f GROUP BY b, m, d, k;
END $$;
