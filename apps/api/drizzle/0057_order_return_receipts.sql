CREATE TABLE "order_return_receipts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"admin_id" integer
);
--> statement-breakpoint
ALTER TABLE "order_return_receipts" ADD CONSTRAINT "order_return_receipts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;