CREATE TABLE "fund_transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"from_account_id" integer NOT NULL,
	"to_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fund_transfers_amount_check" CHECK ("fund_transfers"."amount" > 0 and "fund_transfers"."fee" >= 0 and "fund_transfers"."from_account_id" <> "fund_transfers"."to_account_id")
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" date NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"source_type" text,
	"source_id" integer,
	"memo" text DEFAULT '' NOT NULL,
	"reversal_of" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"entry_id" integer NOT NULL,
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "journal_lines_amount_check" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and ("journal_lines"."debit" = 0) <> ("journal_lines"."credit" = 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"role" text NOT NULL,
	"system_key" text,
	"kind" text,
	"provider" text DEFAULT '' NOT NULL,
	"account_number" text DEFAULT '' NOT NULL,
	"opening_balance" bigint DEFAULT 0 NOT NULL,
	"opening_date" date,
	"allow_overdraft" boolean DEFAULT false NOT NULL,
	"balance" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_status_check" CHECK ("ledger_accounts"."status" in (0, 1)),
	CONSTRAINT "ledger_accounts_role_check" CHECK (("ledger_accounts"."role" = 'balance') = ("ledger_accounts"."kind" is not null) and ("ledger_accounts"."role" <> 'balance' or "ledger_accounts"."type" = 'asset') and ("ledger_accounts"."role" <> 'purpose' or "ledger_accounts"."type" in ('income', 'expense'))),
	CONSTRAINT "ledger_accounts_overdraft_check" CHECK ("ledger_accounts"."allow_overdraft" or "ledger_accounts"."balance" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_daily_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "fund_transfers" ADD CONSTRAINT "fund_transfers_from_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfers" ADD CONSTRAINT "fund_transfers_to_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fund_transfers" ADD CONSTRAINT "fund_transfers_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reversal_of_journal_entries_id_fk" FOREIGN KEY ("reversal_of") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_daily" ADD CONSTRAINT "ledger_daily_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fund_transfers_date_idx" ON "fund_transfers" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "fund_transfers_from_idx" ON "fund_transfers" USING btree ("from_account_id");--> statement-breakpoint
CREATE INDEX "fund_transfers_to_idx" ON "fund_transfers" USING btree ("to_account_id");--> statement-breakpoint
CREATE INDEX "journal_entries_date_idx" ON "journal_entries" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "journal_entries_source_idx" ON "journal_entries" USING btree ("source_type","source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reversal_of_idx" ON "journal_entries" USING btree ("reversal_of");--> statement-breakpoint
CREATE INDEX "journal_lines_entry_idx" ON "journal_lines" USING btree ("entry_id");--> statement-breakpoint
CREATE INDEX "journal_lines_account_day_idx" ON "journal_lines" USING btree ("account_id","day","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_idx" ON "ledger_accounts" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_system_key_idx" ON "ledger_accounts" USING btree ("system_key");--> statement-breakpoint
CREATE INDEX "ledger_accounts_role_idx" ON "ledger_accounts" USING btree ("role","code");--> statement-breakpoint
CREATE INDEX "ledger_daily_day_idx" ON "ledger_daily" USING btree ("day");--> statement-breakpoint
-- Decision 048. Each account's daily totals, kept at commit: a deferred row trigger per line adds it to its
-- account's day. Deferred, so the hot rows (today's sales, today's cash) are locked only while committing.
-- Lines are inserted in account-id order, so concurrent commits lock the daily rows in the same order.
CREATE FUNCTION haat_ledger_daily_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO ledger_daily AS d (account_id, day, debit, credit) VALUES (NEW.account_id, NEW.day, NEW.debit, NEW.credit)
    ON CONFLICT (account_id, day) DO UPDATE SET debit = d.debit + excluded.debit, credit = d.credit + excluded.credit;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_lines_daily AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_ledger_daily_line();
--> statement-breakpoint
-- Every entry balances: checked at commit, whatever wrote it (postEntry checks first and names the mistake).
CREATE FUNCTION haat_journal_entry_balanced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  lines integer;
  difference bigint;
BEGIN
  SELECT count(*), coalesce(sum(debit - credit), 0) INTO lines, difference FROM journal_lines WHERE entry_id = NEW.id;
  IF lines < 2 OR difference <> 0 THEN
    RAISE EXCEPTION 'journal entry % does not balance (% lines, debit - credit = %)', NEW.id, lines, difference;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER journal_entries_balanced AFTER INSERT ON journal_entries
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_journal_entry_balanced();
--> statement-breakpoint
-- Posted entries are never edited: corrections are reversing entries.
CREATE FUNCTION haat_journal_never_edited() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'posted journal entries are never edited or deleted; post a reversing entry';
END $$;
--> statement-breakpoint
CREATE TRIGGER journal_lines_never_edited BEFORE UPDATE OR DELETE ON journal_lines
  FOR EACH ROW EXECUTE FUNCTION haat_journal_never_edited();
--> statement-breakpoint
CREATE TRIGGER journal_entries_never_edited BEFORE UPDATE OR DELETE ON journal_entries
  FOR EACH ROW EXECUTE FUNCTION haat_journal_never_edited();
--> statement-breakpoint
-- The default chart (SYSTEM_ACCOUNTS in packages/contracts/src/accounts.ts; accounts.test.ts checks they agree).
INSERT INTO "ledger_accounts" ("code", "name", "type", "role", "system_key", "kind") VALUES
  ('1010', 'Cash', 'asset', 'balance', 'cash', 'cash'),
  ('1020', 'Bank', 'asset', 'balance', 'bank', 'bank'),
  ('1030', 'bKash', 'asset', 'balance', 'bkash', 'mobile_wallet'),
  ('1040', 'Nagad', 'asset', 'balance', 'nagad', 'mobile_wallet'),
  ('1110', 'Receivable from couriers', 'asset', 'system', 'courier_receivable', NULL),
  ('1120', 'Receivable from companies', 'asset', 'system', 'company_receivable', NULL),
  ('1130', 'Loans given', 'asset', 'system', 'loan_receivable', NULL),
  ('1200', 'Stock', 'asset', 'system', 'inventory', NULL),
  ('1500', 'Fixed assets', 'asset', 'system', 'fixed_assets', NULL),
  ('1510', 'Accumulated depreciation', 'asset', 'system', 'accumulated_depreciation', NULL),
  ('2010', 'Due to suppliers', 'liability', 'system', 'supplier_payable', NULL),
  ('2020', 'Due to resellers', 'liability', 'system', 'reseller_payable', NULL),
  ('2030', 'Due to merchants', 'liability', 'system', 'merchant_payable', NULL),
  ('2100', 'Loans taken', 'liability', 'system', 'loan_payable', NULL),
  ('2200', 'Salaries due', 'liability', 'system', 'salary_payable', NULL),
  ('3010', 'Owners'' capital', 'equity', 'system', 'owner_equity', NULL),
  ('3900', 'Opening balances', 'equity', 'system', 'opening_balance_equity', NULL),
  ('4010', 'Sales', 'income', 'system', 'sales_revenue', NULL),
  ('4020', 'Delivery charges received', 'income', 'system', 'delivery_income', NULL),
  ('4900', 'Other income', 'income', 'purpose', 'other_income', NULL),
  ('5010', 'Cost of goods sold', 'expense', 'system', 'cost_of_goods', NULL),
  ('5020', 'Delivery costs', 'expense', 'system', 'delivery_cost', NULL),
  ('5030', 'Cash-on-delivery charges', 'expense', 'system', 'cod_charges', NULL),
  ('5040', 'Bank and wallet charges', 'expense', 'system', 'bank_charges', NULL),
  ('5100', 'Salaries', 'expense', 'system', 'salaries', NULL),
  ('5200', 'Rent and bills', 'expense', 'purpose', 'rent_bills', NULL),
  ('5300', 'SMS cost', 'expense', 'system', 'sms_cost', NULL),
  ('5400', 'Depreciation', 'expense', 'system', 'depreciation', NULL),
  ('5500', 'Interest paid', 'expense', 'system', 'interest', NULL),
  ('5900', 'Other expenses', 'expense', 'purpose', 'other_expense', NULL)
ON CONFLICT DO NOTHING;
