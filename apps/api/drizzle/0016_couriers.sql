CREATE TABLE "reseller_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"kind" text NOT NULL,
	"debit_account" text NOT NULL,
	"credit_account" text NOT NULL,
	"amount" bigint NOT NULL,
	"order_id" integer,
	"withdrawal_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"admin_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_ledger_amount_check" CHECK ("reseller_ledger"."amount" > 0),
	CONSTRAINT "reseller_ledger_accounts_check" CHECK ("reseller_ledger"."debit_account" <> "reseller_ledger"."credit_account")
);
--> statement-breakpoint
CREATE TABLE "reseller_payout_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
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
CREATE TABLE "reseller_withdrawals" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
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
	"decided_by" integer,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "reseller_withdrawals_amount_check" CHECK ("reseller_withdrawals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "reseller_ledger" ADD CONSTRAINT "reseller_ledger_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_ledger" ADD CONSTRAINT "reseller_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_ledger" ADD CONSTRAINT "reseller_ledger_withdrawal_id_reseller_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."reseller_withdrawals"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_ledger" ADD CONSTRAINT "reseller_ledger_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_payout_accounts" ADD CONSTRAINT "reseller_payout_accounts_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_withdrawals" ADD CONSTRAINT "reseller_withdrawals_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_withdrawals" ADD CONSTRAINT "reseller_withdrawals_payout_account_id_reseller_payout_accounts_id_fk" FOREIGN KEY ("payout_account_id") REFERENCES "public"."reseller_payout_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_withdrawals" ADD CONSTRAINT "reseller_withdrawals_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reseller_ledger_reseller_idx" ON "reseller_ledger" USING btree ("reseller_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_ledger_order_kind_unique" ON "reseller_ledger" USING btree ("order_id","kind") WHERE "reseller_ledger"."order_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_ledger_withdrawal_kind_unique" ON "reseller_ledger" USING btree ("withdrawal_id","kind") WHERE "reseller_ledger"."withdrawal_id" is not null;--> statement-breakpoint
CREATE INDEX "reseller_payout_accounts_reseller_idx" ON "reseller_payout_accounts" USING btree ("reseller_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_payout_accounts_unique" ON "reseller_payout_accounts" USING btree ("reseller_id","provider","account_number");--> statement-breakpoint
CREATE INDEX "reseller_withdrawals_reseller_idx" ON "reseller_withdrawals" USING btree ("reseller_id","id");--> statement-breakpoint
CREATE INDEX "reseller_withdrawals_status_idx" ON "reseller_withdrawals" USING btree ("status","id");