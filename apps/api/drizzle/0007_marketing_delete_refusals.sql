ALTER TABLE "coupon_uses" DROP CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk";
--> statement-breakpoint
ALTER TABLE "landing_pages" DROP CONSTRAINT "landing_pages_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "landing_pages" ADD CONSTRAINT "landing_pages_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;