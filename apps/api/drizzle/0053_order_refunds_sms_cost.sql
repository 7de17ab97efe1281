CREATE TABLE "order_refunds" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"decision" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_account_id" integer,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_refunds_amount_check" CHECK ("order_refunds"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "sms_top_ups" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"balance_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_top_ups_amount_check" CHECK ("sms_top_ups"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_owed" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_log" ADD COLUMN "cost" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sms_log" ADD COLUMN "entry_id" integer;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_balance_account_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_refunds" ADD CONSTRAINT "order_refunds_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_top_ups" ADD CONSTRAINT "sms_top_ups_balance_account_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sms_top_ups" ADD CONSTRAINT "sms_top_ups_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_refunds_order_idx" ON "order_refunds" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "sms_top_ups_date_idx" ON "sms_top_ups" USING btree ("date","id");--> statement-breakpoint
ALTER TABLE "sms_log" ADD CONSTRAINT "sms_log_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- More of the default chart (SYSTEM_ACCOUNTS; decision 054): money the shop holds at its SMS gateway, and refunds owed to customers.
INSERT INTO "ledger_accounts" ("code", "name", "type", "role", "system_key", "kind") VALUES
  ('1150', 'SMS gateway balance', 'asset', 'system', 'sms_prepaid', NULL),
  ('2400', 'Refunds due to customers', 'liability', 'system', 'customer_refunds', NULL)
ON CONFLICT DO NOTHING;
