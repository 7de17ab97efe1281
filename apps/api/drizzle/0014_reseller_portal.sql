CREATE TABLE "customer_identities" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"purpose" text NOT NULL,
	"status" text NOT NULL,
	"server" text,
	"message_id" text,
	"error" text,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_exchange_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"original_line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_exchange_returns_quantity_check" CHECK ("order_exchange_returns"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_wholesale_tiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_wholesale_tiers_check" CHECK ("product_wholesale_tiers"."min_quantity" >= 2 and "product_wholesale_tiers"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_sources" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_api_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"name" text NOT NULL,
	"prefix" text NOT NULL,
	"key_hash" text NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_delivery_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"city_id" integer,
	"sub_city_id" integer,
	"charge" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_delivery_charges_charge_check" CHECK ("reseller_delivery_charges"."charge" >= 0),
	CONSTRAINT "reseller_delivery_charges_place_check" CHECK ("reseller_delivery_charges"."sub_city_id" is null or "reseller_delivery_charges"."city_id" is not null)
);
--> statement-breakpoint
CREATE TABLE "reseller_password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"reseller_id" integer,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reseller_product_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price" bigint NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_product_prices_price_check" CHECK ("reseller_product_prices"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "reseller_profiles" (
	"reseller_id" integer PRIMARY KEY NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"about" text DEFAULT '' NOT NULL,
	"company_name" text DEFAULT '' NOT NULL,
	"company_phone" text DEFAULT '' NOT NULL,
	"company_email" text DEFAULT '' NOT NULL,
	"company_address" text DEFAULT '' NOT NULL,
	"trade_license" text DEFAULT '' NOT NULL,
	"logo" text,
	"facebook_url" text DEFAULT '' NOT NULL,
	"primary_color" text DEFAULT '#161745' NOT NULL,
	"secondary_color" text DEFAULT '#f59f00' NOT NULL,
	"header_text_color" text DEFAULT '#ffffff' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ALTER COLUMN "phone" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_of_order_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "exchange_credit" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_identities" ADD CONSTRAINT "customer_identities_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exchange_returns" ADD CONSTRAINT "order_exchange_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_exchange_returns" ADD CONSTRAINT "order_exchange_returns_original_line_id_order_lines_id_fk" FOREIGN KEY ("original_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_wholesale_tiers" ADD CONSTRAINT "product_wholesale_tiers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_api_keys" ADD CONSTRAINT "reseller_api_keys_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_delivery_charges" ADD CONSTRAINT "reseller_delivery_charges_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_delivery_charges" ADD CONSTRAINT "reseller_delivery_charges_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_delivery_charges" ADD CONSTRAINT "reseller_delivery_charges_sub_city_id_sub_cities_id_fk" FOREIGN KEY ("sub_city_id") REFERENCES "public"."sub_cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_password_resets" ADD CONSTRAINT "reseller_password_resets_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_product_prices" ADD CONSTRAINT "reseller_product_prices_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_product_prices" ADD CONSTRAINT "reseller_product_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_profiles" ADD CONSTRAINT "reseller_profiles_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_identities_provider_subject_unique" ON "customer_identities" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_identities_customer_provider_unique" ON "customer_identities" USING btree ("customer_id","provider");--> statement-breakpoint
CREATE INDEX "customer_identities_customer_idx" ON "customer_identities" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "email_log_created_idx" ON "email_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "email_log_status_idx" ON "email_log" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "order_exchange_returns_order_idx" ON "order_exchange_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_exchange_returns_line_idx" ON "order_exchange_returns" USING btree ("original_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "product_wholesale_tiers_unique" ON "product_wholesale_tiers" USING btree ("product_id","min_quantity");--> statement-breakpoint
CREATE UNIQUE INDEX "order_sources_name_unique" ON "order_sources" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_api_keys_hash_unique" ON "reseller_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "reseller_api_keys_reseller_idx" ON "reseller_api_keys" USING btree ("reseller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_delivery_charges_place_unique" ON "reseller_delivery_charges" USING btree ("reseller_id",coalesce("city_id", 0),coalesce("sub_city_id", 0));--> statement-breakpoint
CREATE INDEX "reseller_password_resets_phone_idx" ON "reseller_password_resets" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_product_prices_unique" ON "reseller_product_prices" USING btree ("reseller_id","product_id");--> statement-breakpoint
CREATE INDEX "reseller_product_prices_product_idx" ON "reseller_product_prices" USING btree ("product_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_exchange_of_order_id_orders_id_fk" FOREIGN KEY ("exchange_of_order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_reseller_status_idx" ON "orders" USING btree ("reseller_id","status","id");