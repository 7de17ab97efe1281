CREATE TABLE "counter_sale_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"variant_label" text DEFAULT '' NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"unit_cost" bigint NOT NULL,
	"line_total" bigint NOT NULL,
	CONSTRAINT "counter_sale_lines_quantity_check" CHECK ("counter_sale_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "counter_sale_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sale_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	CONSTRAINT "counter_sale_payments_amount_check" CHECK ("counter_sale_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "counter_sales" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"customer_phone" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"subtotal" bigint NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint NOT NULL,
	"change_given" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"admin_id" integer,
	"sold_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "counter_sales_money_check" CHECK ("counter_sales"."total" >= 0 and "counter_sales"."paid" >= "counter_sales"."total" and "counter_sales"."change_given" >= 0)
);
--> statement-breakpoint
ALTER TABLE "counter_sale_lines" ADD CONSTRAINT "counter_sale_lines_sale_id_counter_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."counter_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sale_lines" ADD CONSTRAINT "counter_sale_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sale_payments" ADD CONSTRAINT "counter_sale_payments_sale_id_counter_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."counter_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_sale_lines_sale_idx" ON "counter_sale_lines" USING btree ("sale_id","id");--> statement-breakpoint
CREATE INDEX "counter_sale_lines_variant_idx" ON "counter_sale_lines" USING btree ("variant_id");--> statement-breakpoint
CREATE INDEX "counter_sale_payments_sale_idx" ON "counter_sale_payments" USING btree ("sale_id");--> statement-breakpoint
CREATE INDEX "counter_sales_sold_at_idx" ON "counter_sales" USING btree ("sold_at","id");--> statement-breakpoint
CREATE INDEX "counter_sales_phone_idx" ON "counter_sales" USING btree ("customer_phone");