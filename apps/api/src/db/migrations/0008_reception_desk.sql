ALTER TABLE "providers" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "recorded_after" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "tendered_amount" bigint;--> statement-breakpoint
UPDATE "providers" AS p SET "color" = (ARRAY['#3B71FE','#E8590C','#2F9E44','#AE3EC9','#1098AD','#F08C00','#D6336C','#5C7CFA','#0CA678','#845EF7'])[((r.n - 1) % 10) + 1]
FROM (SELECT "tenant_id", "id", row_number() OVER (PARTITION BY "tenant_id" ORDER BY "sort_order", "created_at", "id") AS n FROM "providers") AS r
WHERE p."tenant_id" = r."tenant_id" AND p."id" = r."id" AND p."color" IS NULL;
