CREATE TABLE "asset_depreciations" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"month" text NOT NULL,
	"amount" bigint NOT NULL,
	"entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_depreciations_amount_check" CHECK ("asset_depreciations"."amount" > 0 and "asset_depreciations"."month" ~ '^[0-9]{4}-[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "company_assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text NOT NULL,
	"purchase_date" date NOT NULL,
	"purchase_value" bigint NOT NULL,
	"salvage_value" bigint DEFAULT 0 NOT NULL,
	"useful_life_months" integer NOT NULL,
	"balance_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'in_use' NOT NULL,
	"entry_id" integer,
	"disposed_on" date,
	"disposal_amount" bigint,
	"disposal_balance_id" integer,
	"disposal_entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_assets_values_check" CHECK ("company_assets"."purchase_value" > 0 and "company_assets"."salvage_value" >= 0 and "company_assets"."salvage_value" < "company_assets"."purchase_value" and "company_assets"."useful_life_months" between 1 and 600)
);
--> statement-breakpoint
CREATE TABLE "director_payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"director_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"balance_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "director_payments_amount_check" CHECK ("director_payments"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "directors" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"name" text NOT NULL,
	"designation" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"national_id" text DEFAULT '' NOT NULL,
	"share_percent" integer DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directors_values_check" CHECK ("directors"."share_percent" between 0 and 10000 and "directors"."status" in (0, 1))
);
--> statement-breakpoint
CREATE TABLE "investments" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_id" integer NOT NULL,
	"investor_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"date" date NOT NULL,
	"balance_id" integer NOT NULL,
	"profit_share" integer DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investments_amount_check" CHECK ("investments"."amount" > 0 and "investments"."profit_share" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "investor_payouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"investor_id" integer NOT NULL,
	"kind" text NOT NULL,
	"date" date NOT NULL,
	"amount" bigint NOT NULL,
	"balance_id" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investor_payouts_amount_check" CHECK ("investor_payouts"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "investors" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"national_id" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_depreciations" ADD CONSTRAINT "asset_depreciations_asset_id_company_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."company_assets"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "asset_depreciations" ADD CONSTRAINT "asset_depreciations_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_assets" ADD CONSTRAINT "company_assets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_assets" ADD CONSTRAINT "company_assets_balance_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_assets" ADD CONSTRAINT "company_assets_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_assets" ADD CONSTRAINT "company_assets_disposal_balance_id_ledger_accounts_id_fk" FOREIGN KEY ("disposal_balance_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_assets" ADD CONSTRAINT "company_assets_disposal_entry_id_journal_entries_id_fk" FOREIGN KEY ("disposal_entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "director_payments" ADD CONSTRAINT "director_payments_director_id_directors_id_fk" FOREIGN KEY ("director_id") REFERENCES "public"."directors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "director_payments" ADD CONSTRAINT "director_payments_balance_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "director_payments" ADD CONSTRAINT "director_payments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directors" ADD CONSTRAINT "directors_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_balance_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investments" ADD CONSTRAINT "investments_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_payouts" ADD CONSTRAINT "investor_payouts_investor_id_investors_id_fk" FOREIGN KEY ("investor_id") REFERENCES "public"."investors"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_payouts" ADD CONSTRAINT "investor_payouts_balance_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investor_payouts" ADD CONSTRAINT "investor_payouts_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "asset_depreciations_asset_month_idx" ON "asset_depreciations" USING btree ("asset_id","month");--> statement-breakpoint
CREATE INDEX "company_assets_company_idx" ON "company_assets" USING btree ("company_id","purchase_date");--> statement-breakpoint
CREATE INDEX "director_payments_director_idx" ON "director_payments" USING btree ("director_id","date");--> statement-breakpoint
CREATE INDEX "directors_company_idx" ON "directors" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "investments_investor_idx" ON "investments" USING btree ("investor_id","date");--> statement-breakpoint
CREATE INDEX "investments_company_idx" ON "investments" USING btree ("company_id","date");--> statement-breakpoint
CREATE INDEX "investor_payouts_investor_idx" ON "investor_payouts" USING btree ("investor_id","date");--> statement-breakpoint
CREATE INDEX "investors_name_idx" ON "investors" USING btree ("name");