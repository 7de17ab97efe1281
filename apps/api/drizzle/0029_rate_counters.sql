CREATE TABLE "rate_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"n" integer NOT NULL,
	"seq" integer DEFAULT 1 NOT NULL,
	"allowed_seq" integer DEFAULT 1 NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"blocked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_failures" CASCADE;--> statement-breakpoint
CREATE INDEX "rate_counters_expires_idx" ON "rate_counters" USING btree ("expires_at");--> statement-breakpoint
-- hand-written: counters need no durability (a crash only forgets recent attempts), and a logged
-- table would make every counted API call or sign-in wait for a WAL flush (decision 026).
ALTER TABLE "rate_counters" SET UNLOGGED;
