CREATE TABLE "money_movements" (
	"id" serial PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"date" date NOT NULL,
	"purpose_account_id" integer NOT NULL,
	"balance_account_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"party" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"entry_id" integer,
	"admin_id" integer,
	"actor_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "money_movements_amount_check" CHECK ("money_movements"."amount" > 0 and "money_movements"."direction" in ('in', 'out'))
);
--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_purpose_account_id_ledger_accounts_id_fk" FOREIGN KEY ("purpose_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_balance_account_id_ledger_accounts_id_fk" FOREIGN KEY ("balance_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "money_movements" ADD CONSTRAINT "money_movements_entry_id_journal_entries_id_fk" FOREIGN KEY ("entry_id") REFERENCES "public"."journal_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_movements_direction_date_idx" ON "money_movements" USING btree ("direction","date","id");--> statement-breakpoint
CREATE INDEX "money_movements_purpose_idx" ON "money_movements" USING btree ("purpose_account_id");--> statement-breakpoint
CREATE INDEX "money_movements_balance_idx" ON "money_movements" USING btree ("balance_account_id");