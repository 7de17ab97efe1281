CREATE TABLE "order_status_counts" (
	"type" text NOT NULL,
	"status" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_type_status_slot_pk" PRIMARY KEY("type","status","slot")
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_charge" bigint;