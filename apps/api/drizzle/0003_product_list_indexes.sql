CREATE INDEX "combo_items_variant_idx" ON "combo_items" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "product_variants_sku_pattern_idx" ON "product_variants" USING btree ("sku" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_retail_price_idx" ON "products" USING btree ("retail_price","id");--> statement-breakpoint
CREATE INDEX "products_stock_idx" ON "products" USING btree ("stock","id");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_sku_pattern_idx" ON "products" USING btree ("sku" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_low_stock_idx" ON "products" USING btree ("id") WHERE "products"."stock" <= "products"."low_stock_threshold";