DROP INDEX "customers_tenant_created";--> statement-breakpoint
DROP INDEX "bookings_time";--> statement-breakpoint
DROP INDEX "orders_created";--> statement-breakpoint
DROP INDEX "transactions_created";--> statement-breakpoint
CREATE INDEX "bookings_list" ON "bookings" USING btree ("tenant_id","branch_id","start_at","number");--> statement-breakpoint
CREATE INDEX "orders_list" ON "orders" USING btree ("tenant_id","branch_id","created_at","number") WHERE "orders"."deleted_at" is null and not "orders"."is_draft";--> statement-breakpoint
CREATE INDEX "transactions_list" ON "transactions" USING btree ("tenant_id","branch_id","created_at","number") WHERE "transactions"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "customers_tenant_created" ON "customers" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "bookings_time" ON "bookings" USING btree ("tenant_id","start_at","number");--> statement-breakpoint
CREATE INDEX "orders_created" ON "orders" USING btree ("tenant_id","created_at","number");--> statement-breakpoint
CREATE INDEX "transactions_created" ON "transactions" USING btree ("tenant_id","created_at","number");