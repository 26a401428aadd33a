-- The dashboard's figures kept up to date as orders, their lines, payments and customers change
-- (schema/dashboard.ts; docs/decisions.md "The dashboard at a busy business's size"). Each trigger
-- appends the change of a figure as a new row of dashboard_counts: writers never wait for each
-- other on a shared row, and the compactor folds the rows later. Row-level security applies as
-- everywhere: a request's trigger writes its own business's rows.
SELECT app_secure_tenant_tables();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dash_day(t uuid, at timestamptz) RETURNS date
  LANGUAGE sql STABLE AS $$ SELECT (at AT TIME ZONE coalesce((SELECT timezone FROM tenants WHERE id = t), 'UTC'))::date $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dash_add(t uuid, branch uuid, m text, d date, k text, amt bigint, n bigint) RETURNS void
  LANGUAGE sql AS $$
  INSERT INTO dashboard_counts (tenant_id, branch_key, metric, day, key, amount, count)
  SELECT t, coalesce(branch, '00000000-0000-0000-0000-000000000000'::uuid), m, d, k, amt, n
  WHERE amt <> 0 OR n <> 0
$$;
--> statement-breakpoint
-- A payment belongs to its order's branch, always: set from the order on every write (and moved
-- with the order by dash_orders below), so payments and their figures follow the order.
CREATE OR REPLACE FUNCTION transactions_branch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.branch_id := (SELECT branch_id FROM orders WHERE tenant_id = NEW.tenant_id AND id = NEW.order_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER transactions_branch BEFORE INSERT OR UPDATE OF order_id, branch_id ON transactions FOR EACH ROW EXECUTE FUNCTION transactions_branch();
--> statement-breakpoint
UPDATE transactions x SET branch_id = o.branch_id FROM orders o
  WHERE o.tenant_id = x.tenant_id AND o.id = x.order_id AND x.branch_id IS DISTINCT FROM o.branch_id;
--> statement-breakpoint
-- Payments: confirmed and not in the trash count, on the local day they were made, in their branch.
CREATE OR REPLACE FUNCTION dash_transactions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.status = NEW.status AND OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at AND OLD.amount = NEW.amount
     AND OLD.branch_id IS NOT DISTINCT FROM NEW.branch_id AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.status = 'confirmed' AND OLD.deleted_at IS NULL THEN
    PERFORM dash_add(OLD.tenant_id, OLD.branch_id, 'sales', dash_day(OLD.tenant_id, OLD.created_at), '', -OLD.amount, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.status = 'confirmed' AND NEW.deleted_at IS NULL THEN
    PERFORM dash_add(NEW.tenant_id, NEW.branch_id, 'sales', dash_day(NEW.tenant_id, NEW.created_at), '', NEW.amount, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dash_transactions AFTER INSERT OR DELETE OR UPDATE ON transactions FOR EACH ROW EXECUTE FUNCTION dash_transactions();
--> statement-breakpoint
-- Orders: placed ones (not drafts, not in the trash) count by source; the service lines of placed,
-- not canceled ones count by service, on the order's local day and in its branch. A payment
-- follows its order to another branch.
CREATE OR REPLACE FUNCTION dash_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_draft = NEW.is_draft AND OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at AND OLD.status = NEW.status
     AND OLD.branch_id IS NOT DISTINCT FROM NEW.branch_id AND OLD.created_at = NEW.created_at AND OLD.source = NEW.source THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND NOT OLD.is_draft AND OLD.deleted_at IS NULL THEN
    PERFORM dash_add(OLD.tenant_id, OLD.branch_id, 'orders', dash_day(OLD.tenant_id, OLD.created_at), OLD.source, 0, -1);
    IF OLD.status <> 'canceled' THEN
      PERFORM dash_add(OLD.tenant_id, OLD.branch_id, 'services', dash_day(OLD.tenant_id, OLD.created_at), i.service_id::text, -i.total, -i.quantity)
      FROM order_items i WHERE i.tenant_id = OLD.tenant_id AND i.order_id = OLD.id AND i.type = 'service' AND i.service_id IS NOT NULL;
    END IF;
  END IF;
  IF NOT NEW.is_draft AND NEW.deleted_at IS NULL THEN
    PERFORM dash_add(NEW.tenant_id, NEW.branch_id, 'orders', dash_day(NEW.tenant_id, NEW.created_at), NEW.source, 0, 1);
    IF NEW.status <> 'canceled' THEN
      PERFORM dash_add(NEW.tenant_id, NEW.branch_id, 'services', dash_day(NEW.tenant_id, NEW.created_at), i.service_id::text, i.total, i.quantity)
      FROM order_items i WHERE i.tenant_id = NEW.tenant_id AND i.order_id = NEW.id AND i.type = 'service' AND i.service_id IS NOT NULL;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.branch_id IS DISTINCT FROM NEW.branch_id THEN
    UPDATE transactions SET branch_id = NEW.branch_id WHERE tenant_id = NEW.tenant_id AND order_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dash_orders AFTER INSERT OR UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION dash_orders();
--> statement-breakpoint
-- A deleted order takes its figures along before its lines go (their own trigger no longer finds the order then).
CREATE OR REPLACE FUNCTION dash_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT OLD.is_draft AND OLD.deleted_at IS NULL THEN
    PERFORM dash_add(OLD.tenant_id, OLD.branch_id, 'orders', dash_day(OLD.tenant_id, OLD.created_at), OLD.source, 0, -1);
    IF OLD.status <> 'canceled' THEN
      PERFORM dash_add(OLD.tenant_id, OLD.branch_id, 'services', dash_day(OLD.tenant_id, OLD.created_at), i.service_id::text, -i.total, -i.quantity)
      FROM order_items i WHERE i.tenant_id = OLD.tenant_id AND i.order_id = OLD.id AND i.type = 'service' AND i.service_id IS NOT NULL;
    END IF;
  END IF;
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER dash_orders_delete BEFORE DELETE ON orders FOR EACH ROW EXECUTE FUNCTION dash_orders_delete();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dash_order_items() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE o record;
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.total = NEW.total AND OLD.quantity = NEW.quantity AND OLD.type = NEW.type
     AND OLD.service_id IS NOT DISTINCT FROM NEW.service_id AND OLD.order_id = NEW.order_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.type = 'service' AND OLD.service_id IS NOT NULL THEN
    SELECT branch_id, created_at INTO o FROM orders
      WHERE tenant_id = OLD.tenant_id AND id = OLD.order_id AND NOT is_draft AND deleted_at IS NULL AND status <> 'canceled';
    IF FOUND THEN
      PERFORM dash_add(OLD.tenant_id, o.branch_id, 'services', dash_day(OLD.tenant_id, o.created_at), OLD.service_id::text, -OLD.total, -OLD.quantity);
    END IF;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.type = 'service' AND NEW.service_id IS NOT NULL THEN
    SELECT branch_id, created_at INTO o FROM orders
      WHERE tenant_id = NEW.tenant_id AND id = NEW.order_id AND NOT is_draft AND deleted_at IS NULL AND status <> 'canceled';
    IF FOUND THEN
      PERFORM dash_add(NEW.tenant_id, o.branch_id, 'services', dash_day(NEW.tenant_id, o.created_at), NEW.service_id::text, NEW.total, NEW.quantity);
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dash_order_items AFTER INSERT OR DELETE OR UPDATE ON order_items FOR EACH ROW EXECUTE FUNCTION dash_order_items();
--> statement-breakpoint
-- New customers a day, business-wide.
CREATE OR REPLACE FUNCTION dash_customers() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.created_at = NEW.created_at THEN
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM dash_add(OLD.tenant_id, NULL, 'customers', dash_day(OLD.tenant_id, OLD.created_at), '', 0, -1);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM dash_add(NEW.tenant_id, NULL, 'customers', dash_day(NEW.tenant_id, NEW.created_at), '', 0, 1);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dash_customers AFTER INSERT OR DELETE OR UPDATE OF created_at ON customers FOR EACH ROW EXECUTE FUNCTION dash_customers();
--> statement-breakpoint
-- A business's figures from scratch (the days are local: a new time zone moves them).
CREATE OR REPLACE FUNCTION dash_rebuild(t uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE tz text;
BEGIN
  SELECT coalesce(timezone, 'UTC') INTO tz FROM tenants WHERE id = t;
  DELETE FROM dashboard_counts WHERE tenant_id = t;
  INSERT INTO dashboard_counts (tenant_id, branch_key, metric, day, key, amount, count, compacted)
  SELECT t, b, m, d, k, sum(amt), sum(n), true FROM (
    SELECT coalesce(x.branch_id, '00000000-0000-0000-0000-000000000000'::uuid) AS b, 'sales' AS m, (x.created_at AT TIME ZONE tz)::date AS d, '' AS k, x.amount AS amt, 1::bigint AS n
      FROM transactions x WHERE x.tenant_id = t AND x.status = 'confirmed' AND x.deleted_at IS NULL
    UNION ALL
    SELECT coalesce(o.branch_id, '00000000-0000-0000-0000-000000000000'::uuid), 'orders', (o.created_at AT TIME ZONE tz)::date, o.source, 0, 1
      FROM orders o WHERE o.tenant_id = t AND NOT o.is_draft AND o.deleted_at IS NULL
    UNION ALL
    SELECT coalesce(o.branch_id, '00000000-0000-0000-0000-000000000000'::uuid), 'services', (o.created_at AT TIME ZONE tz)::date, i.service_id::text, i.total, i.quantity
      FROM order_items i JOIN orders o ON o.tenant_id = i.tenant_id AND o.id = i.order_id
      WHERE i.tenant_id = t AND i.type = 'service' AND i.service_id IS NOT NULL AND NOT o.is_draft AND o.deleted_at IS NULL AND o.status <> 'canceled'
    UNION ALL
    SELECT '00000000-0000-0000-0000-000000000000'::uuid, 'customers', (c.created_at AT TIME ZONE tz)::date, '', 0, 1
      FROM customers c WHERE c.tenant_id = t
  ) f GROUP BY b, m, d, k;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dash_tenant_timezone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dash_rebuild(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER dash_tenant_timezone AFTER UPDATE OF timezone ON tenants FOR EACH ROW
  WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION dash_tenant_timezone();
--> statement-breakpoint
-- The figures of what exists already.
DO $$
DECLARE t record;
BEGIN
  FOR t IN SELECT id FROM tenants LOOP
    PERFORM dash_rebuild(t.id);
  END LOOP;
END $$;
--> statement-breakpoint
SELECT app_secure_tenant_tables();
