-- The storefront's answer cache (modules/storefront): a change to anything a public catalogue call
-- reads bumps catalog_epoch and notifies haat_catalog, like auth_epoch (0002). The triggers are
-- deferred to the commit and bump once per transaction: the counter row is locked only while a
-- transaction commits, so order transactions that touch stock in any order cannot deadlock on it,
-- and the new number becomes visible together with the change.
INSERT INTO "catalog_epoch" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION haat_catalog_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('haat.catalog_changed', true) = '1' THEN
    RETURN NULL;
  END IF;
  PERFORM set_config('haat.catalog_changed', '1', true);
  UPDATE catalog_epoch SET n = n + 1 WHERE id = 1;
  PERFORM pg_notify('haat_catalog', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER products_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER products_catalog_truncated AFTER TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_variants_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON product_variants DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_variants_catalog_truncated AFTER TRUNCATE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_variant_values_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON product_variant_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_variant_values_catalog_truncated AFTER TRUNCATE ON product_variant_values FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_images_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON product_images DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_images_catalog_truncated AFTER TRUNCATE ON product_images FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON categories DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER categories_catalog_truncated AFTER TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER brands_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON brands DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER brands_catalog_truncated AFTER TRUNCATE ON brands FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER sliders_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON sliders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER sliders_catalog_truncated AFTER TRUNCATE ON sliders FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER banners_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON banners DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER banners_catalog_truncated AFTER TRUNCATE ON banners FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER attributes_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON attributes DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER attributes_catalog_truncated AFTER TRUNCATE ON attributes FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER attribute_values_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON attribute_values DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER attribute_values_catalog_truncated AFTER TRUNCATE ON attribute_values FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER combos_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON combos DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER combos_catalog_truncated AFTER TRUNCATE ON combos FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER combo_items_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON combo_items DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER combo_items_catalog_truncated AFTER TRUNCATE ON combo_items FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER offers_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON offers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER offers_catalog_truncated AFTER TRUNCATE ON offers FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER offer_products_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON offer_products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER offer_products_catalog_truncated AFTER TRUNCATE ON offer_products FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER offer_categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON offer_categories DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER offer_categories_catalog_truncated AFTER TRUNCATE ON offer_categories FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER campaigns_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON campaigns DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER campaigns_catalog_truncated AFTER TRUNCATE ON campaigns FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER campaign_products_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON campaign_products DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER campaign_products_catalog_truncated AFTER TRUNCATE ON campaign_products FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER campaign_images_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON campaign_images DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER campaign_images_catalog_truncated AFTER TRUNCATE ON campaign_images FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER settings_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON settings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER settings_catalog_truncated AFTER TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pages_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON pages DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER pages_catalog_truncated AFTER TRUNCATE ON pages FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER product_reviews_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON product_reviews DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_reviews_catalog_truncated AFTER TRUNCATE ON product_reviews FOR EACH STATEMENT EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
-- When a product's own discount starts or ends: the next moment a cached price may change.
CREATE INDEX "products_discount_starts_idx" ON "products" USING btree ("discount_starts_at") WHERE "discount_starts_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "products_discount_ends_idx" ON "products" USING btree ("discount_ends_at") WHERE "discount_ends_at" IS NOT NULL;
--> statement-breakpoint
-- The home page's featured and best-selling rows: few rows, read without touching the others.
CREATE INDEX "products_featured_idx" ON "products" USING btree ("id") WHERE "status" = 1 AND "is_featured";
--> statement-breakpoint
CREATE INDEX "products_best_seller_idx" ON "products" USING btree ("id") WHERE "status" = 1 AND "is_best_seller";
--> statement-breakpoint
-- The storefront's listing by brand, newest first, among published products.
CREATE INDEX "products_published_brand_idx" ON "products" USING btree ("brand_id", "id") WHERE "status" = 1;
