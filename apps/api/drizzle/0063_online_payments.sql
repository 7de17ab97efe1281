CREATE TABLE "payment_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"payment_id" integer,
	"gateway" text NOT NULL,
	"operation" text NOT NULL,
	"method" text NOT NULL,
	"url" text NOT NULL,
	"request" jsonb,
	"status" integer,
	"response" jsonb,
	"ms" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reconciliation_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"reconciliation_id" integer NOT NULL,
	"payment_id" integer,
	"flag" text NOT NULL,
	"reference" text NOT NULL,
	"our_amount" bigint,
	"their_amount" bigint,
	"our_state" text,
	"their_state" text,
	"resolved_at" timestamp with time zone,
	"resolved_by" text,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_reconciliations" (
	"id" serial PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"source" text NOT NULL,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"checked" integer DEFAULT 0 NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"flagged" integer DEFAULT 0 NOT NULL,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"reference" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"refund_id" text,
	"message" text DEFAULT '' NOT NULL,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_refunds_amount_check" CHECK ("payment_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"purpose" text NOT NULL,
	"invoice" text NOT NULL,
	"amount" bigint NOT NULL,
	"state" text DEFAULT 'initiated' NOT NULL,
	"provider_ref" text,
	"trx_id" text,
	"paid_amount" bigint DEFAULT 0 NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"refunded_amount" bigint DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"entry_id" integer,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_money_check" CHECK ("payments"."amount" > 0 and "payments"."paid_amount" >= 0 and "payments"."fee" >= 0 and "payments"."refunded_amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_purpose" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_due_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_online" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "payment_rule" text DEFAULT 'any' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_calls" ADD CONSTRAINT "payment_calls_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reconciliation_items" ADD CONSTRAINT "payment_reconciliation_items_reconciliation_id_payment_reconciliations_id_fk" FOREIGN KEY ("reconciliation_id") REFERENCES "public"."payment_reconciliations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_reconciliation_items" ADD CONSTRAINT "payment_reconciliation_items_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_refunds" ADD CONSTRAINT "payment_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_calls_payment_idx" ON "payment_calls" USING btree ("payment_id","id");--> statement-breakpoint
CREATE INDEX "payment_calls_created_idx" ON "payment_calls" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_reconciliation_items_run_idx" ON "payment_reconciliation_items" USING btree ("reconciliation_id","id");--> statement-breakpoint
CREATE INDEX "payment_reconciliation_items_open_idx" ON "payment_reconciliation_items" USING btree ("resolved_at","id");--> statement-breakpoint
CREATE INDEX "payment_reconciliations_created_idx" ON "payment_reconciliations" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_refunds_reference_unique" ON "payment_refunds" USING btree ("reference");--> statement-breakpoint
CREATE INDEX "payment_refunds_payment_idx" ON "payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_invoice_unique" ON "payments" USING btree ("invoice");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_paid_per_order" ON "payments" USING btree ("order_id") WHERE "payments"."state" in ('paid', 'refunded', 'partly_refunded');--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "payments_provider_ref_idx" ON "payments" USING btree ("gateway","provider_ref");--> statement-breakpoint
CREATE INDEX "payments_state_created_idx" ON "payments" USING btree ("state","created_at");--> statement-breakpoint
CREATE INDEX "payments_created_idx" ON "payments" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_due_by") WHERE "orders"."payment_due_by" is not null;--> statement-breakpoint
-- More of the default chart (SYSTEM_ACCOUNTS; decision 062): the SSLCommerz gateway's balance, and money customers paid online before delivery.
INSERT INTO "ledger_accounts" ("code", "name", "type", "role", "system_key", "kind") VALUES
  ('1050', 'SSLCommerz', 'asset', 'balance', 'sslcommerz', 'bank'),
  ('2410', 'Advances from customers', 'liability', 'system', 'customer_advances', NULL)
ON CONFLICT DO NOTHING;
