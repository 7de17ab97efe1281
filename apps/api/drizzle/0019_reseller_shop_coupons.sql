CREATE TABLE "reseller_shop_coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"value" bigint NOT NULL,
	"minimum_order" bigint DEFAULT 0 NOT NULL,
	"starts_on" date,
	"ends_on" date,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_shop_coupons_value_check" CHECK ("reseller_shop_coupons"."value" > 0 and ("reseller_shop_coupons"."kind" = 'amount' or "reseller_shop_coupons"."value" <= 100)),
	CONSTRAINT "reseller_shop_coupons_used_check" CHECK ("reseller_shop_coupons"."used_count" >= 0 and ("reseller_shop_coupons"."usage_limit" is null or "reseller_shop_coupons"."used_count" <= "reseller_shop_coupons"."usage_limit"))
);
--> statement-breakpoint
ALTER TABLE "reseller_shop_coupons" ADD CONSTRAINT "reseller_shop_coupons_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_shop_coupons_code_unique" ON "reseller_shop_coupons" USING btree ("reseller_id","code");