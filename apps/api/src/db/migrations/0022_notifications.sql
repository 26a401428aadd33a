CREATE TABLE "notification_templates" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"action" text NOT NULL,
	"channel" text NOT NULL,
	"receiver" text NOT NULL,
	"title_ar" text DEFAULT '' NOT NULL,
	"title_en" text DEFAULT '' NOT NULL,
	"body_ar" text NOT NULL,
	"body_en" text NOT NULL,
	"offset_minutes" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"tenant_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid,
	"action" text NOT NULL,
	"channel" text NOT NULL,
	"receiver_type" text NOT NULL,
	"receiver_id" uuid,
	"receiver_name" text,
	"email" text,
	"phone" text,
	"title" text,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"fail_reason" text,
	"order_id" uuid,
	"booking_id" uuid,
	"due_start_at" timestamp with time zone,
	"idempotency_key" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id"),
	CONSTRAINT "notifications_key" UNIQUE("tenant_id","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "notification_id" uuid;--> statement-breakpoint
ALTER TABLE "notification_templates" ADD CONSTRAINT "notification_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_templates_action" ON "notification_templates" USING btree ("tenant_id","action","status");--> statement-breakpoint
CREATE INDEX "notification_templates_reminders" ON "notification_templates" USING btree ("action","status");--> statement-breakpoint
CREATE INDEX "notifications_recent" ON "notifications" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_order" ON "notifications" USING btree ("tenant_id","order_id") WHERE "notifications"."order_id" is not null;--> statement-breakpoint
SELECT app_secure_tenant_tables();
