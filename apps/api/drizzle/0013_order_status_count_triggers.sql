-- The status tabs' counts (order_status_counts, modules/orders/order-status.table.ts) follow every
-- insert, status or type change and delete of orders in the same transaction. The triggers run
-- once per statement over its transition tables, so a bulk insert of many orders is one upsert.
-- Each writer adds to the slot of its backend (pid modulo 8), so concurrent placements rarely wait
-- on the same counter row; rows are upserted in (type, status) order so writers cannot deadlock.
CREATE FUNCTION haat_order_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts AS c (type, status, slot, count)
    SELECT d.type, d.status, (pg_backend_pid() % 8)::smallint, count(*) FROM new_orders d
    GROUP BY d.type, d.status ORDER BY d.type, d.status
    ON CONFLICT (type, status, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_counts AS c (type, status, slot, count)
    SELECT d.type, d.status, (pg_backend_pid() % 8)::smallint, -count(*) FROM old_orders d
    GROUP BY d.type, d.status ORDER BY d.type, d.status
    ON CONFLICT (type, status, slot) DO UPDATE SET count = c.count + excluded.count;
  ELSE
    INSERT INTO order_status_counts AS c (type, status, slot, count)
    SELECT d.type, d.status, (pg_backend_pid() % 8)::smallint, sum(d.n) FROM (
      SELECT o.type, o.status, -1 AS n FROM old_orders o JOIN new_orders w ON w.id = o.id
      WHERE o.status <> w.status OR o.type <> w.type
      UNION ALL
      SELECT w.type, w.status, 1 AS n FROM old_orders o JOIN new_orders w ON w.id = o.id
      WHERE o.status <> w.status OR o.type <> w.type
    ) d
    GROUP BY d.type, d.status HAVING sum(d.n) <> 0 ORDER BY d.type, d.status
    ON CONFLICT (type, status, slot) DO UPDATE SET count = c.count + excluded.count;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE FUNCTION haat_order_counts_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_counts_inserted AFTER INSERT ON orders REFERENCING NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION haat_order_counts_add();
--> statement-breakpoint
CREATE TRIGGER orders_counts_updated AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders FOR EACH STATEMENT EXECUTE FUNCTION haat_order_counts_add();
--> statement-breakpoint
CREATE TRIGGER orders_counts_deleted AFTER DELETE ON orders REFERENCING OLD TABLE AS old_orders FOR EACH STATEMENT EXECUTE FUNCTION haat_order_counts_add();
--> statement-breakpoint
CREATE TRIGGER orders_counts_truncated AFTER TRUNCATE ON orders FOR EACH STATEMENT EXECUTE FUNCTION haat_order_counts_clear();
--> statement-breakpoint
INSERT INTO order_status_counts (type, status, slot, count)
SELECT type, status, 0, count(*) FROM orders GROUP BY type, status;
