CREATE TABLE "conversion_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"event_name" text NOT NULL,
	"event_id" text NOT NULL,
	"status" text NOT NULL,
	"browser" jsonb,
	"event_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_error" text,
	"fbtrace_id" text,
	"test_event_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "conversion_events_event_unique" ON "conversion_events" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "conversion_events_order_idx" ON "conversion_events" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "conversion_events_due_idx" ON "conversion_events" USING btree ("next_attempt_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "conversion_events_created_idx" ON "conversion_events" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);