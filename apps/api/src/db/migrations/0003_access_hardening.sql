ALTER TABLE "access_tokens" ADD COLUMN "impersonation_log_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "all_branches" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invitations" ADD COLUMN "all_branches" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "users_one_owner" ON "users" USING btree ("tenant_id") WHERE is_owner;--> statement-breakpoint
-- Accounts and invitations that already have branches chosen keep only those branches.
UPDATE "users" SET "all_branches" = false WHERE EXISTS (SELECT 1 FROM "user_branches" ub WHERE ub."tenant_id" = "users"."tenant_id" AND ub."user_id" = "users"."id");
--> statement-breakpoint
UPDATE "invitations" SET "all_branches" = false WHERE cardinality("branch_ids") > 0;
--> statement-breakpoint
SELECT app_secure_tenant_tables();
