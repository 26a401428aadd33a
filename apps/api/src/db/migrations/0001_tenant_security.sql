-- Row-level security: the second wall of tenant isolation (DESIGN §4).
-- Requests run their queries as app_user (SET LOCAL ROLE) inside a transaction that sets
-- app.tenant_id; every table with a NOT NULL tenant_id only shows that tenant's rows, even to the
-- table's owner (FORCE). System work (sign-in lookups, the outbox worker) runs as the connecting
-- role, which must be a superuser or have BYPASSRLS.
DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'app_user') THEN
    CREATE ROLE app_user NOLOGIN;
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_current_tenant() RETURNS uuid
  LANGUAGE sql STABLE AS $$ SELECT nullif(current_setting('app.tenant_id', true), '')::uuid $$;
--> statement-breakpoint
-- Secures every tenant-owned table that is not yet secured; later migrations call it again after
-- adding tables, and a test fails if a table with tenant_id is left without a policy.
CREATE OR REPLACE FUNCTION app_secure_tenant_tables() RETURNS void LANGUAGE plpgsql AS $$
DECLARE t record;
BEGIN
  FOR t IN
    SELECT c.table_name FROM information_schema.columns c
    JOIN information_schema.tables tb ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
    WHERE c.table_schema = 'public' AND c.column_name = 'tenant_id' AND c.is_nullable = 'NO'
      AND tb.table_type = 'BASE TABLE'
  LOOP
    EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', t.table_name);
    EXECUTE format('ALTER TABLE %I FORCE ROW LEVEL SECURITY', t.table_name);
    IF NOT EXISTS (SELECT 1 FROM pg_policies WHERE schemaname = 'public' AND tablename = t.table_name AND policyname = 'tenant_isolation') THEN
      EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (tenant_id = app_current_tenant()) WITH CHECK (tenant_id = app_current_tenant())', t.table_name);
    END IF;
  END LOOP;
  GRANT USAGE ON SCHEMA public TO app_user;
  GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO app_user;
  GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO app_user;
  GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO app_user;
END
$$;
--> statement-breakpoint
ALTER TABLE tenants ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE tenants FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY tenant_isolation ON tenants USING (id = app_current_tenant()) WITH CHECK (id = app_current_tenant());
--> statement-breakpoint
SELECT app_secure_tenant_tables();
--> statement-breakpoint
INSERT INTO industries (slug, name_ar, name_en, icon, sort_order) VALUES
  ('salon', 'صالون نسائي', 'Beauty salon', 'scissors', 1),
  ('barber', 'حلاقة رجالية', 'Barber', 'razor', 2),
  ('spa', 'سبا ومساج', 'Spa and massage', 'spa', 3),
  ('clinic', 'عيادة', 'Clinic', 'stethoscope', 4),
  ('dental', 'عيادة أسنان', 'Dental clinic', 'dental', 5),
  ('home_services', 'خدمات منزلية', 'Home services', 'home', 6),
  ('cleaning', 'تنظيف', 'Cleaning', 'spray', 7),
  ('car_wash', 'غسيل سيارات', 'Car wash', 'car', 8),
  ('food', 'مطاعم وأطعمة', 'Food', 'tools-kitchen', 9),
  ('grocery', 'بقالة', 'Grocery', 'basket', 10),
  ('petroleum', 'محطات وقود', 'Petroleum', 'gas-station', 11),
  ('fitness', 'لياقة بدنية', 'Fitness', 'barbell', 12),
  ('education', 'تعليم وتدريب', 'Education and training', 'school', 13),
  ('photography', 'تصوير', 'Photography', 'camera', 14),
  ('events', 'مناسبات', 'Events', 'confetti', 15),
  ('other', 'أخرى', 'Other', 'dots', 99);
