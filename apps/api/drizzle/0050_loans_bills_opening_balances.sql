CREATE TABLE "opening_balances" (
	"id" integer PRIMARY KEY NOT NULL,
	"date" date,
	"balance_lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"courier_receivable" bigint DEFAULT 0 NOT NULL,
	"company_receivable" bigint DEFAULT 0 NOT NULL,
	"inventory" bigint DEFAULT 0 NOT NULL,
	"loan_receivable" bigint DEFAULT 0 NOT NULL,
	"supplier_payable" bigint DEFAULT 0 NOT NULL,
	"loan_payable" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"saves" integer DEFAULT 0 NOT NULL,
	"saved_at" timestamp with time zone,
	"saved_by" text,
	CONSTRAINT "opening_balances_one_row_check" CHECK ("opening_balances"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "bill_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"period_id" integer NOT NULL,
	"date" date NOT NULL,
	"balance_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_amount_check" CHECK ("bill_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "bill_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"bill_id" integer NOT NULL,
	"period" text NOT NULL,
	"amount" bigint NOT NULL,
	"due_date" date NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_periods_paid_check" CHECK ("bill_periods"."amount" > 0 and "bill_periods"."paid" >= 0 and "bill_periods"."paid" <= "bill_periods"."amount")
);
--> statement-breakpoint
CREATE TABLE "bills" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"purpose_account_id" integer NOT NULL,
	"usual_amount" bigint DEFAULT 0 NOT NULL,
	"recurrence" text DEFAULT 'monthly' NOT NULL,
	"due_day" smallint DEFAULT 10 NOT NULL,
	"start_date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bills_figures_check" CHECK ("bills"."usual_amount" >= 0 and "bills"."due_day" between 1 and 31 and "bills"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "loan_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"principal" bigint NOT NULL,
	"interest" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "loan_instalments_paid_check" CHECK ("loan_instalments"."paid" >= 0 and "loan_instalments"."paid" <= "loan_instalments"."principal" + "loan_instalments"."interest")
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" serial PRIMARY KEY NOT NULL,
	"loan_id" integer NOT NULL,
	"date" date NOT NULL,
	"balance_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"interest_part" bigint NOT NULL,
	"principal_part" bigint NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_repayments_amount_check" CHECK ("loan_repayments"."amount" > 0 and "loan_repayments"."interest_part" >= 0 and "loan_repayments"."principal_part" >= 0 and "loan_repayments"."interest_part" + "loan_repayments"."principal_part" = "loan_repayments"."amount")
);
--> statement-breakpoint
CREATE TABLE "loaners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"national_id" text DEFAULT '' NOT NULL,
	"organisation" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"loaner_id" integer NOT NULL,
	"principal" bigint NOT NULL,
	"date" date NOT NULL,
	"balance_account_id" integer NOT NULL,
	"rate_bp" integer DEFAULT 0 NOT NULL,
	"term_months" integer NOT NULL,
	"first_due_date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_figures_check" CHECK ("loans"."principal" > 0 and "loans"."rate_bp" >= 0 and "loans"."term_months" between 1 and 360)
);
--> statement-breakpoint
ALTER TABLE "opening_balances" ADD CONSTRAINT "opening_balances_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_period_id_bill_periods_id_fk" FOREIGN KEY ("period_id") REFERENCES "public"."bill_periods"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_balance_account_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_periods" ADD CONSTRAINT "bill_periods_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_periods" ADD CONSTRAINT "bill_periods_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_purpose_account_id_ledger_accounts_id_fk" FOREIGN KEY ("purpose_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_balance_account_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_loaner_id_loaners_id_fk" FOREIGN KEY ("loaner_id") REFERENCES "public"."loaners"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_balance_account_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_period_idx" ON "bill_payments" USING btree ("period_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_periods_bill_period_idx" ON "bill_periods" USING btree ("bill_id","period");--> statement-breakpoint
CREATE INDEX "bill_periods_due_idx" ON "bill_periods" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "bills_name_idx" ON "bills" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_instalments_loan_number_idx" ON "loan_instalments" USING btree ("loan_id","number");--> statement-breakpoint
CREATE INDEX "loan_repayments_loan_idx" ON "loan_repayments" USING btree ("loan_id","date");--> statement-breakpoint
CREATE INDEX "loaners_name_idx" ON "loaners" USING btree ("name");--> statement-breakpoint
CREATE INDEX "loans_loaner_idx" ON "loans" USING btree ("loaner_id");--> statement-breakpoint
CREATE INDEX "loans_date_idx" ON "loans" USING btree ("date","id");