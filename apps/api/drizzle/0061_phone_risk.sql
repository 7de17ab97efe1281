CREATE TABLE "blocklist_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"reason" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries" smallint DEFAULT 0 NOT NULL,
	"verified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "checkout_marks" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"channel" text NOT NULL,
	"order_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_phone_records" (
	"phone" text NOT NULL,
	"provider" text NOT NULL,
	"delivered" integer NOT NULL,
	"returned" integer NOT NULL,
	"total" integer NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "courier_phone_records_phone_provider_pk" PRIMARY KEY("phone","provider")
);
--> statement-breakpoint
CREATE TABLE "fraud_refusals" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"channel" text NOT NULL,
	"reason" text NOT NULL,
	"phone" text NOT NULL,
	"ip" text NOT NULL,
	"message" text NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "blocklist_entries_kind_value_unique" ON "blocklist_entries" USING btree ("kind","value");--> statement-breakpoint
CREATE INDEX "checkout_codes_phone_sent_idx" ON "checkout_codes" USING btree ("phone","sent_at");--> statement-breakpoint
CREATE INDEX "checkout_marks_phone_at_idx" ON "checkout_marks" USING btree ("phone","at");--> statement-breakpoint
CREATE INDEX "checkout_marks_ip_at_idx" ON "checkout_marks" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "fraud_refusals_at_idx" ON "fraud_refusals" USING btree ("at","id");--> statement-breakpoint
CREATE INDEX "fraud_refusals_phone_idx" ON "fraud_refusals" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "orders_phone_status_idx" ON "orders" USING btree ("customer_phone","status");