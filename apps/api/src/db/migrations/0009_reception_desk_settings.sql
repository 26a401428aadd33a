ALTER TABLE "tenants" ADD COLUMN "vat_number" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "complete_visit_on_checkout" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The default admin role holds every key but data deletion: it gets the new key too (new businesses get it from DEFAULT_ROLES).
UPDATE "roles" SET "permissions" = array_append("permissions", 'bookings.record_past') WHERE "is_default" AND "slug" = 'admin' AND NOT ('bookings.record_past' = ANY("permissions"));
