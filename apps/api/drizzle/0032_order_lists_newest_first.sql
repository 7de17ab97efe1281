DROP INDEX "orders_reseller_status_idx";--> statement-breakpoint
CREATE INDEX "orders_status_placed_idx" ON "orders" USING btree ("status","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_type_status_placed_idx" ON "orders" USING btree ("type","status","placed_at","id");--> statement-breakpoint
CREATE INDEX "orders_reseller_status_idx" ON "orders" USING btree ("reseller_id","status","placed_at","id");--> statement-breakpoint
-- hand-written: one spelling per order source. The checkout wrote "website" while the order forms and the
-- demo wrote "Website", so lists showed both and the report by source split them. A source that matches an
-- order source of the shop (whatever the case) takes its spelling; the starting ones take theirs even when
-- the shop removed them (orders.service's canonicalOrderSource writes the same from now on).--> statement-breakpoint
-- hand-written: one spelling per order source. The checkout wrote "website" while the order forms and the
-- demo wrote "Website", so lists showed both and the report by source split them. A source that matches an
-- order source of the shop (whatever the case) takes its spelling; the starting ones take theirs even when
-- the shop removed them (orders.service's canonicalOrderSource writes the same from now on).
UPDATE "orders" SET "source" = s."name" FROM "order_sources" s
  WHERE lower("orders"."source") = lower(s."name") AND "orders"."source" <> s."name";--> statement-breakpoint
UPDATE "orders" SET "source" = d."name"
  FROM (VALUES ('Website'), ('Facebook'), ('Phone'), ('WhatsApp'), ('Instagram')) AS d("name")
  WHERE lower("orders"."source") = lower(d."name") AND "orders"."source" <> d."name";
