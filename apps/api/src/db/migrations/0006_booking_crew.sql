CREATE TABLE "booking_crew" (
	"tenant_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"provider_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"occupied_until" timestamp with time zone NOT NULL,
	CONSTRAINT "booking_crew_tenant_id_booking_id_provider_id_pk" PRIMARY KEY("tenant_id","booking_id","provider_id")
);
--> statement-breakpoint
ALTER TABLE "booking_crew" ADD CONSTRAINT "booking_crew_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_crew" ADD CONSTRAINT "booking_crew_tenant_id_booking_id_bookings_tenant_id_id_fk" FOREIGN KEY ("tenant_id","booking_id") REFERENCES "public"."bookings"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_crew" ADD CONSTRAINT "booking_crew_tenant_id_provider_id_providers_tenant_id_id_fk" FOREIGN KEY ("tenant_id","provider_id") REFERENCES "public"."providers"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_crew_provider_time" ON "booking_crew" USING btree ("tenant_id","provider_id","start_at");--> statement-breakpoint
SELECT app_secure_tenant_tables();
