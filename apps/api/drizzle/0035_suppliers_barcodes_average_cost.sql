CREATE TABLE "suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'goods' NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"opening_balance" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppliers_status_check" CHECK ("suppliers"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "barcode" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "average_cost" bigint;--> statement-breakpoint
CREATE INDEX "suppliers_kind_name_idx" ON "suppliers" USING btree ("kind","name","id");--> statement-breakpoint
CREATE INDEX "suppliers_phone_idx" ON "suppliers" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_barcode_unique" ON "product_variants" USING btree ("barcode") WHERE "product_variants"."barcode" is not null;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_average_cost_check" CHECK ("product_variants"."average_cost" >= 0);