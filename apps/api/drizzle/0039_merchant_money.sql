CREATE TABLE "merchant_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"debit_account" text NOT NULL,
	"credit_account" text NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" integer,
	"order_line_id" integer,
	"product_id" integer,
	"quantity" integer,
	"unit_price" bigint,
	"withdrawal_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"admin_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_ledger_amount_check" CHECK ("merchant_ledger"."amount" > 0),
	CONSTRAINT "merchant_ledger_accounts_check" CHECK ("merchant_ledger"."debit_account" <> "merchant_ledger"."credit_account")
);
--> statement-breakpoint
CREATE TABLE "merchant_password_resets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"merchant_id" integer,
	"code_hash" text NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token_hash" text,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"account_name" text DEFAULT '' NOT NULL,
	"account_number" text NOT NULL,
	"bank_name" text DEFAULT '' NOT NULL,
	"branch_name" text DEFAULT '' NOT NULL,
	"routing_number" text DEFAULT '' NOT NULL,
	"account_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchant_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"payout_account_id" integer,
	"payout_provider" text NOT NULL,
	"payout_label" text NOT NULL,
	"payout_account_name" text DEFAULT '' NOT NULL,
	"payout_account_number" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"paid_method" text,
	"transaction_id" text,
	"reject_reason" text,
	"override_reason" text,
	"decided_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "merchant_withdrawals_amount_check" CHECK ("merchant_withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "merchant_price" bigint;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_withdrawal_id_merchant_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."merchant_withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_ledger" ADD CONSTRAINT "merchant_ledger_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_password_resets" ADD CONSTRAINT "merchant_password_resets_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_payout_accounts" ADD CONSTRAINT "merchant_payout_accounts_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_withdrawals" ADD CONSTRAINT "merchant_withdrawals_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_withdrawals" ADD CONSTRAINT "merchant_withdrawals_payout_account_id_merchant_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."merchant_payout_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_withdrawals" ADD CONSTRAINT "merchant_withdrawals_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_ledger_merchant_idx" ON "merchant_ledger" USING btree ("merchant_id","at");--> statement-breakpoint
CREATE INDEX "merchant_ledger_order_idx" ON "merchant_ledger" USING btree ("order_id","order_line_id");--> statement-breakpoint
CREATE INDEX "merchant_ledger_product_idx" ON "merchant_ledger" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_ledger_withdrawal_kind_unique" ON "merchant_ledger" USING btree ("withdrawal_id","kind") WHERE "merchant_ledger"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "merchant_password_resets_phone_idx" ON "merchant_password_resets" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "merchant_payout_accounts_merchant_idx" ON "merchant_payout_accounts" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "merchant_payout_accounts_unique" ON "merchant_payout_accounts" USING btree ("merchant_id","provider","account_number");--> statement-breakpoint
CREATE INDEX "merchant_withdrawals_merchant_idx" ON "merchant_withdrawals" USING btree ("merchant_id","id");--> statement-breakpoint
CREATE INDEX "merchant_withdrawals_status_idx" ON "merchant_withdrawals" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_merchant_price_check" CHECK ("products"."merchant_price" is null or "products"."merchant_price" >= 0);--> statement-breakpoint
-- Products that already name a merchant get a merchant price: their purchase cost, else their wholesale price.
UPDATE "products" SET "merchant_price" = CASE WHEN "purchase_cost" > 0 THEN LEAST("purchase_cost", "retail_price") ELSE LEAST("wholesale_price", "retail_price") END WHERE "merchant_id" IS NOT NULL AND "merchant_price" IS NULL;
