CREATE TABLE "variant_sales_daily" (
	"variant_id" integer NOT NULL,
	"day" date NOT NULL,
	"units" integer NOT NULL,
	CONSTRAINT "variant_sales_daily_variant_id_day_pk" PRIMARY KEY("variant_id","day")
);
--> statement-breakpoint
CREATE INDEX "variant_sales_daily_day_idx" ON "variant_sales_daily" USING btree ("day");--> statement-breakpoint
-- The day an order counts on: its placing time's date in the shop's time zone (settings 'general').
CREATE FUNCTION haat_shop_zone() RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT value->>'time_zone' FROM settings WHERE key = 'general'), 'Asia/Dhaka')
$$;
--> statement-breakpoint
CREATE FUNCTION haat_shop_day(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
  SELECT (at AT TIME ZONE haat_shop_zone())::date
$$;
--> statement-breakpoint
-- A line written, changed or removed: its units are added to / taken from its variant's day when its order
-- is not cancelled (7). A line removed with its order (cascade) finds no order: the order's own trigger did it.
CREATE FUNCTION haat_variant_sales_line() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  placed timestamptz;
  order_status smallint;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    SELECT placed_at, status INTO placed, order_status FROM orders WHERE id = OLD.order_id;
    IF FOUND AND order_status <> 7 THEN
      INSERT INTO variant_sales_daily AS d (variant_id, day, units) VALUES (OLD.variant_id, haat_shop_day(placed), -OLD.quantity)
      ON CONFLICT (variant_id, day) DO UPDATE SET units = d.units + excluded.units;
    END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    SELECT placed_at, status INTO placed, order_status FROM orders WHERE id = NEW.order_id;
    IF FOUND AND order_status <> 7 THEN
      INSERT INTO variant_sales_daily AS d (variant_id, day, units) VALUES (NEW.variant_id, haat_shop_day(placed), NEW.quantity)
      ON CONFLICT (variant_id, day) DO UPDATE SET units = d.units + excluded.units;
    END IF;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- Deferred to the commit, like the catalogue epoch (0009): by then every writer that changes a variant's units
-- (placing, editing, cancelling) holds that variant's row lock from its stock move, so two transactions never
-- wait for each other's day rows in opposite orders (a cancel wrote its day rows before its stock release:
-- against a checkout of the same variant, that was a deadlock).
CREATE CONSTRAINT TRIGGER order_lines_variant_sales AFTER INSERT OR DELETE OR UPDATE OF order_id, variant_id, quantity ON order_lines
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_variant_sales_line();
--> statement-breakpoint
-- An order cancelled, un-cancelled, re-dated or deleted: all its lines leave their old day and/or join the new one,
-- variant by variant in id order (concurrent writers take the rows' locks in one order).
CREATE FUNCTION haat_variant_sales_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.status <> 7 THEN
    INSERT INTO variant_sales_daily AS d (variant_id, day, units)
    SELECT variant_id, haat_shop_day(OLD.placed_at), -sum(quantity)::int FROM order_lines WHERE order_id = OLD.id
    GROUP BY variant_id ORDER BY variant_id
    ON CONFLICT (variant_id, day) DO UPDATE SET units = d.units + excluded.units;
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.status <> 7 THEN
    INSERT INTO variant_sales_daily AS d (variant_id, day, units)
    SELECT variant_id, haat_shop_day(NEW.placed_at), sum(quantity)::int FROM order_lines WHERE order_id = NEW.id
    GROUP BY variant_id ORDER BY variant_id
    ON CONFLICT (variant_id, day) DO UPDATE SET units = d.units + excluded.units;
  END IF;
  IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER orders_variant_sales_moved AFTER UPDATE OF status, placed_at ON orders
DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
WHEN ((OLD.status = 7) IS DISTINCT FROM (NEW.status = 7) OR (OLD.placed_at IS DISTINCT FROM NEW.placed_at AND NEW.status <> 7))
EXECUTE FUNCTION haat_variant_sales_order();
--> statement-breakpoint
-- A deleted order (rare: an admin's clean-up, tests) takes its lines out at once, while they are still there;
-- the cascade's deferred line triggers then find no order.
CREATE TRIGGER orders_variant_sales_deleted BEFORE DELETE ON orders FOR EACH ROW
WHEN (OLD.status <> 7) EXECUTE FUNCTION haat_variant_sales_order();
--> statement-breakpoint
-- Back-filled from the order lines already there.
INSERT INTO variant_sales_daily (variant_id, day, units)
SELECT l.variant_id, haat_shop_day(o.placed_at), sum(l.quantity)::int
FROM order_lines l JOIN orders o ON o.id = l.order_id
WHERE o.status <> 7
GROUP BY 1, 2;
