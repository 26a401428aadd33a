CREATE TABLE "dashboard_counts" (
	"tenant_id" uuid NOT NULL,
	"id" bigserial NOT NULL,
	"branch_key" uuid NOT NULL,
	"metric" text NOT NULL,
	"day" date NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"amount" bigint DEFAULT 0 NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL,
	CONSTRAINT "dashboard_counts_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "dashboard_counts" ADD CONSTRAINT "dashboard_counts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dashboard_counts_read" ON "dashboard_counts" USING btree ("tenant_id","metric","day","branch_key");--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_counts_key" ON "dashboard_counts" USING btree ("tenant_id","branch_key","metric","day","key") WHERE compacted;--> statement-breakpoint
CREATE INDEX "dashboard_counts_fresh" ON "dashboard_counts" USING btree ("id") WHERE not compacted;