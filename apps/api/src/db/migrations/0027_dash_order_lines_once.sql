-- A booking writes its order and the order's lines in one statement (db/client.ts insertTogether).
-- Both triggers fire at the end of that statement, when each sees the other's rows: the order's
-- counted the lines it found and each line's counted itself again, so every such booking's service
-- lines were counted twice in the dashboard's figures. A line can only be written with its order or
-- after it (its foreign key) and always counts itself, so an order's insert now counts none of them;
-- its updates still move them all. The figures already kept are counted again from the rows.
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
    -- A new order's lines count themselves (dash_order_items): they can only be written with it or after it.
    IF TG_OP = 'UPDATE' AND NEW.status <> 'canceled' THEN
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
SELECT dash_rebuild(id) FROM tenants;
