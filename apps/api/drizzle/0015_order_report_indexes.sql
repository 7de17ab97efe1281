CREATE TABLE "couriers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"provider" text DEFAULT 'none' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"tracking_url" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "couriers_name_unique" ON "couriers" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "couriers_status_idx" ON "couriers" USING btree ("status","name");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_status_history_to_at_idx" ON "order_status_history" USING btree ("to_status","at");--> statement-breakpoint
CREATE INDEX "order_status_history_at_idx" ON "order_status_history" USING btree ("at");--> statement-breakpoint
CREATE INDEX "order_status_history_admin_at_idx" ON "order_status_history" USING btree ("admin_id","at");