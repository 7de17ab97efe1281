-- A status move updates one order: a row trigger that fires only when the status or type changes
-- costs less than a statement trigger building transition tables for every update of orders
-- (courier checks, edits). Inserts and deletes keep their statement triggers (bulk-friendly).
DROP TRIGGER orders_counts_updated ON orders;
--> statement-breakpoint
CREATE FUNCTION haat_order_counts_moved() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  writer_slot smallint := (pg_backend_pid() % 8)::smallint;
BEGIN
  -- In (type, status) order, like the statement triggers, so concurrent writers cannot deadlock.
  IF (OLD.type, OLD.status) < (NEW.type, NEW.status) THEN
    INSERT INTO order_status_counts AS c (type, status, slot, count) VALUES (OLD.type, OLD.status, writer_slot, -1)
    ON CONFLICT (type, status, slot) DO UPDATE SET count = c.count - 1;
    INSERT INTO order_status_counts AS c (type, status, slot, count) VALUES (NEW.type, NEW.status, writer_slot, 1)
    ON CONFLICT (type, status, slot) DO UPDATE SET count = c.count + 1;
  ELSE
    INSERT INTO order_status_counts AS c (type, status, slot, count) VALUES (NEW.type, NEW.status, writer_slot, 1)
    ON CONFLICT (type, status, slot) DO UPDATE SET count = c.count + 1;
    INSERT INTO order_status_counts AS c (type, status, slot, count) VALUES (OLD.type, OLD.status, writer_slot, -1)
    ON CONFLICT (type, status, slot) DO UPDATE SET count = c.count - 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER orders_counts_moved AFTER UPDATE OF status, type ON orders FOR EACH ROW
WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.type IS DISTINCT FROM NEW.type)
EXECUTE FUNCTION haat_order_counts_moved();
