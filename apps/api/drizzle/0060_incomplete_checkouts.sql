CREATE TABLE "incomplete_checkout_calls" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" integer NOT NULL,
	"outcome" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"admin_id" integer,
	"admin_name" text,
	"called_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incomplete_checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer,
	"customer_id" integer,
	"name" text DEFAULT '' NOT NULL,
	"phone" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"city_id" integer,
	"sub_city_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"coupon" text,
	"lines" jsonb NOT NULL,
	"item_count" integer NOT NULL,
	"subtotal" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"last_outcome" text,
	"last_called_at" timestamp with time zone,
	"call_count" integer DEFAULT 0 NOT NULL,
	"order_id" integer,
	"converted_by" integer,
	"converted_at" timestamp with time zone,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "incomplete_checkouts_item_count_check" CHECK ("incomplete_checkouts"."item_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "incomplete_checkout_calls" ADD CONSTRAINT "incomplete_checkout_calls_checkout_id_incomplete_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."incomplete_checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomplete_checkout_calls" ADD CONSTRAINT "incomplete_checkout_calls_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD CONSTRAINT "incomplete_checkouts_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD CONSTRAINT "incomplete_checkouts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD CONSTRAINT "incomplete_checkouts_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD CONSTRAINT "incomplete_checkouts_sub_city_id_sub_cities_id_fk" FOREIGN KEY ("sub_city_id") REFERENCES "public"."sub_cities"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD CONSTRAINT "incomplete_checkouts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD CONSTRAINT "incomplete_checkouts_converted_by_admins_id_fk" FOREIGN KEY ("converted_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incomplete_checkout_calls_checkout_idx" ON "incomplete_checkout_calls" USING btree ("checkout_id","called_at");--> statement-breakpoint
CREATE UNIQUE INDEX "incomplete_checkouts_open_cart_unique" ON "incomplete_checkouts" USING btree ("cart_id") WHERE "incomplete_checkouts"."status" = 'open';--> statement-breakpoint
CREATE INDEX "incomplete_checkouts_status_updated_idx" ON "incomplete_checkouts" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "incomplete_checkouts_phone_idx" ON "incomplete_checkouts" USING btree ("phone");