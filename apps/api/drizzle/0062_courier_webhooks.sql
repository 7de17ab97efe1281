CREATE TABLE "courier_status_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"provider" text NOT NULL,
	"courier_status" text NOT NULL,
	"reason" text NOT NULL,
	"collected" bigint,
	"due" bigint NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"resolved_to" smallint,
	"resolved_by" integer,
	"resolved_at" timestamp with time zone,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_webhook_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"event_key" text,
	"body_hash" text NOT NULL,
	"signature_ok" boolean NOT NULL,
	"event" text DEFAULT '' NOT NULL,
	"consignment_id" text,
	"courier_status" text,
	"cod_amount" bigint,
	"order_id" integer,
	"outcome" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "courier_status_reviews_open_unique" ON "courier_status_reviews" USING btree ("order_id","reason","courier_status") WHERE "courier_status_reviews"."state" = 'open';--> statement-breakpoint
CREATE INDEX "courier_status_reviews_state_idx" ON "courier_status_reviews" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_webhook_deliveries_event_unique" ON "courier_webhook_deliveries" USING btree ("provider","event_key") WHERE "courier_webhook_deliveries"."event_key" is not null and "courier_webhook_deliveries"."outcome" <> 'duplicate';--> statement-breakpoint
CREATE INDEX "courier_webhook_deliveries_received_idx" ON "courier_webhook_deliveries" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "courier_webhook_deliveries_order_idx" ON "courier_webhook_deliveries" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "orders_consignment_idx" ON "orders" USING btree ("consignment_id");