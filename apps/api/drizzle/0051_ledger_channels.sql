CREATE TABLE "ledger_channel_daily" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"channel" text NOT NULL,
	"debit" bigint DEFAULT 0 NOT NULL,
	"credit" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "ledger_channel_daily_account_id_day_channel_pk" PRIMARY KEY("account_id","day","channel")
);
--> statement-breakpoint
ALTER TABLE "journal_lines" ADD COLUMN "channel" text;--> statement-breakpoint
ALTER TABLE "ledger_channel_daily" ADD CONSTRAINT "ledger_channel_daily_account_id_ledger_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_channel_daily_day_idx" ON "ledger_channel_daily" USING btree ("day");--> statement-breakpoint
-- Decision 053. A line's sale channel is one of five, or none (shop-wide).
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_channel_check"
  CHECK ("channel" IS NULL OR "channel" IN ('website', 'reseller', 'phone', 'counter', 'company'));
--> statement-breakpoint
-- Each account's daily totals per channel, kept at commit like ledger_daily (decision 048) for the lines naming one.
CREATE FUNCTION haat_ledger_channel_daily_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.channel IS NOT NULL THEN
    INSERT INTO ledger_channel_daily AS d (account_id, day, channel, debit, credit)
      VALUES (NEW.account_id, NEW.day, NEW.channel, NEW.debit, NEW.credit)
      ON CONFLICT (account_id, day, channel) DO UPDATE SET debit = d.debit + excluded.debit, credit = d.credit + excluded.credit;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only lines naming a channel queue an event: a posting without one pays nothing for it.
CREATE CONSTRAINT TRIGGER journal_lines_channel_daily AFTER INSERT ON journal_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (NEW.channel IS NOT NULL) EXECUTE FUNCTION haat_ledger_channel_daily_line();
