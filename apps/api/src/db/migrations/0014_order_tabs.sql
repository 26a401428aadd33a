-- The orders list's tabs kept with the dashboard's figures (schema/dashboard.ts): placed orders by
-- status (`order_status`) and the drafts and the trash (`order_list`), per branch, with no day
-- (1970-01-01). Counting them read every order of the business on every visit of the list.
CREATE OR REPLACE FUNCTION dash_order_tabs(o orders, sign int) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF o.deleted_at IS NOT NULL THEN
    PERFORM dash_add(o.tenant_id, o.branch_id, 'order_list', DATE '1970-01-01', 'trash', 0, sign);
  ELSIF o.is_draft THEN
    PERFORM dash_add(o.tenant_id, o.branch_id, 'order_list', DATE '1970-01-01', 'draft', 0, sign);
  ELSE
    PERFORM dash_add(o.tenant_id, o.branch_id, 'order_status', DATE '1970-01-01', o.status, 0, sign);
  END IF;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION dash_orders() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.is_draft = NEW.is_draft AND OLD.deleted_at IS NOT DISTINCT FROM NEW.deleted_at AND OLD.status = NEW.status
     AND OLD.branch_id IS NOT DISTINCT FROM NEW.branch_id AND OLD.created_at = NEW.created_at AND OLD.source = NEW.source THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    PERFORM dash_order_tabs(OLD, -1);
    IF NOT OLD.is_draft AND OLD.deleted_at IS NULL THEN
      PERFORM dash_add(OLD.tenant_id, OLD.branch_id, 'orders', dash_day(OLD.tenant_id, OLD.created_at), OLD.source, 0, -1);
      IF OLD.status <> 'canceled' THEN
        PERFORM dash_add(OLD.tenant_id, OLD.branch_id, 'services', dash_day(OLD.tenant_id, OLD.created_at), i.service_id::text, -i.total, -i.quantity)
        FROM order_items i WHERE i.tenant_id = OLD.tenant_id AND i.order_id = OLD.id AND i.type = 'service' AND i.service_id IS NOT NULL;
      END IF;
    END IF;
  END IF;
  PERFORM dash_order_tabs(NEW, 1);
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
CREATE OR REPLACE FUNCTION dash_orders_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM dash_order_tabs(OLD, -1);
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
    SELECT coalesce(o.branch_id, '00000000-0000-0000-0000-000000000000'::uuid),
           CASE WHEN o.deleted_at IS NULL AND NOT o.is_draft THEN 'order_status' ELSE 'order_list' END, DATE '1970-01-01',
           CASE WHEN o.deleted_at IS NOT NULL THEN 'trash' WHEN o.is_draft THEN 'draft' ELSE o.status END, 0, 1
      FROM orders o WHERE o.tenant_id = t
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
-- The tabs of what exists already (the other figures are there: only these rows are added).
INSERT INTO dashboard_counts (tenant_id, branch_key, metric, day, key, amount, count, compacted)
SELECT o.tenant_id, coalesce(o.branch_id, '00000000-0000-0000-0000-000000000000'::uuid),
       CASE WHEN o.deleted_at IS NULL AND NOT o.is_draft THEN 'order_status' ELSE 'order_list' END, DATE '1970-01-01',
       CASE WHEN o.deleted_at IS NOT NULL THEN 'trash' WHEN o.is_draft THEN 'draft' ELSE o.status END, 0, count(*), true
FROM orders o GROUP BY 1, 2, 3, 5
ON CONFLICT (tenant_id, branch_key, metric, day, key) WHERE compacted DO UPDATE SET count = dashboard_counts.count + excluded.count;
