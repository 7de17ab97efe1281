DROP INDEX "bill_periods_bill_period_idx";--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "reversal_entry_id" integer;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD COLUMN "reversed_by" text;--> statement-breakpoint
ALTER TABLE "bill_periods" ADD COLUMN "booked_on" date;--> statement-breakpoint
ALTER TABLE "bill_periods" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bill_periods" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "bill_periods" ADD COLUMN "reversal_entry_id" integer;--> statement-breakpoint
ALTER TABLE "bill_periods" ADD COLUMN "reversed_by" text;--> statement-breakpoint
ALTER TABLE "director_payments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "director_payments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "director_payments" ADD COLUMN "reversal_entry_id" integer;--> statement-breakpoint
ALTER TABLE "director_payments" ADD COLUMN "reversed_by" text;--> statement-breakpoint
ALTER TABLE "investor_payouts" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "investor_payouts" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "investor_payouts" ADD COLUMN "reversal_entry_id" integer;--> statement-breakpoint
ALTER TABLE "investor_payouts" ADD COLUMN "reversed_by" text;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "reversal_entry_id" integer;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "reversed_by" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "interest_method" text DEFAULT 'flat' NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "reversed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "reversal_reason" text;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "reversal_entry_id" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "reversed_by" text;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_periods" ADD CONSTRAINT "bill_periods_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "director_payments" ADD CONSTRAINT "director_payments_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_payouts" ADD CONSTRAINT "investor_payouts_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_reversal_entry_id_journal_entries_id_fk" FOREIGN KEY ("reversal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bill_periods_bill_period_live_idx" ON "bill_periods" USING btree ("bill_id","period") WHERE reversed_at is null;--> statement-breakpoint
-- A period's entry was booked on its due date, or on the day it was recorded when that was earlier (bill.service recordBillPeriod).
UPDATE "bill_periods" SET "booked_on" = least("due_date", haat_shop_day("created_at"));
