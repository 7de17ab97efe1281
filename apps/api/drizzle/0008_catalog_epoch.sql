CREATE TABLE "catalog_epoch" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_popularity" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_popularity" ADD CONSTRAINT "product_popularity_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_popularity_views_idx" ON "product_popularity" USING btree ("views" desc,"product_id" desc);