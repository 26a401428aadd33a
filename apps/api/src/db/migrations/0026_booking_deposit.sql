ALTER TABLE "bookings" ADD COLUMN "deposit_amount" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Store bookings made before the deposit was kept on the booking: the deposit their service asks now
-- (what the customer's page showed for them until this migration).
UPDATE "bookings" AS b SET "deposit_amount" = s."deposit_amount"
FROM "services" AS s
WHERE b."source" = 'booking-page' AND s."tenant_id" = b."tenant_id" AND s."id" = b."service_id" AND s."deposit_enabled";
