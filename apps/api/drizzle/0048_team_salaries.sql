CREATE TABLE "salary_advances" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"given_on" date NOT NULL,
	"balance_account_id" integer NOT NULL,
	"instalment" bigint NOT NULL,
	"recovered" bigint DEFAULT 0 NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_advances_amounts_check" CHECK ("salary_advances"."amount" > 0 and "salary_advances"."instalment" > 0 and "salary_advances"."recovered" >= 0 and "salary_advances"."recovered" <= "salary_advances"."amount")
);
--> statement-breakpoint
CREATE TABLE "salary_months" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_id" integer NOT NULL,
	"month" text NOT NULL,
	"basic" bigint NOT NULL,
	"bonus" bigint DEFAULT 0 NOT NULL,
	"deductions" bigint DEFAULT 0 NOT NULL,
	"deduction_note" text DEFAULT '' NOT NULL,
	"advance_recovery" bigint DEFAULT 0 NOT NULL,
	"net" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_months_amounts_check" CHECK ("salary_months"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$' and "salary_months"."basic" >= 0 and "salary_months"."bonus" >= 0 and "salary_months"."deductions" >= 0
        and "salary_months"."advance_recovery" >= 0 and "salary_months"."net" >= 0
        and "salary_months"."net" = "salary_months"."basic" + "salary_months"."bonus" - "salary_months"."deductions" - "salary_months"."advance_recovery"
        and "salary_months"."paid" >= 0 and "salary_months"."paid" <= "salary_months"."net")
);
--> statement-breakpoint
CREATE TABLE "salary_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"salary_month_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"balance_account_id" integer NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "salary_payments_amount_check" CHECK ("salary_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "salary_recoveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"salary_month_id" integer NOT NULL,
	"advance_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "salary_recoveries_amount_check" CHECK ("salary_recoveries"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "team_members" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"designation" text NOT NULL,
	"phone" text NOT NULL,
	"national_id" text DEFAULT '' NOT NULL,
	"joining_date" date NOT NULL,
	"monthly_salary" bigint NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_salary_check" CHECK ("team_members"."monthly_salary" > 0)
);
--> statement-breakpoint
ALTER TABLE "salary_advances" ADD CONSTRAINT "salary_advances_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_advances" ADD CONSTRAINT "salary_advances_balance_account_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_advances" ADD CONSTRAINT "salary_advances_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_months" ADD CONSTRAINT "salary_months_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_months" ADD CONSTRAINT "salary_months_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_salary_month_id_salary_months_id_fk" FOREIGN KEY ("salary_month_id") REFERENCES "public"."salary_months"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_member_id_team_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."team_members"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_balance_account_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_payments" ADD CONSTRAINT "salary_payments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_recoveries" ADD CONSTRAINT "salary_recoveries_salary_month_id_salary_months_id_fk" FOREIGN KEY ("salary_month_id") REFERENCES "public"."salary_months"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "salary_recoveries" ADD CONSTRAINT "salary_recoveries_advance_id_salary_advances_id_fk" FOREIGN KEY ("advance_id") REFERENCES "public"."salary_advances"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "salary_advances_member_idx" ON "salary_advances" USING btree ("member_id","given_on","id");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_months_member_month_unique" ON "salary_months" USING btree ("member_id","month");--> statement-breakpoint
CREATE INDEX "salary_payments_month_idx" ON "salary_payments" USING btree ("salary_month_id","id");--> statement-breakpoint
CREATE INDEX "salary_payments_member_idx" ON "salary_payments" USING btree ("member_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "salary_recoveries_month_advance_unique" ON "salary_recoveries" USING btree ("salary_month_id","advance_id");--> statement-breakpoint
CREATE INDEX "salary_recoveries_advance_idx" ON "salary_recoveries" USING btree ("advance_id");--> statement-breakpoint
CREATE INDEX "team_members_name_idx" ON "team_members" USING btree ("name");