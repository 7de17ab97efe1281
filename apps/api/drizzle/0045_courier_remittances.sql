CREATE TABLE "courier_remittance_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"remittance_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"to_collect" bigint NOT NULL,
	"collected" bigint NOT NULL,
	"delivery_fee" bigint NOT NULL,
	"cod_charge" bigint NOT NULL,
	"status" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "courier_remittances" (
	"id" serial PRIMARY KEY NOT NULL,
	"courier_id" integer NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"method" text DEFAULT 'bank' NOT NULL,
	"balance_account_id" integer,
	"collected" bigint NOT NULL,
	"delivery_fees" bigint NOT NULL,
	"cod_charges" bigint NOT NULL,
	"net_received" bigint NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_remittances_amounts" CHECK ("courier_remittances"."collected" >= 0 and "courier_remittances"."delivery_fees" >= 0 and "courier_remittances"."cod_charges" >= 0 and "courier_remittances"."net_received" >= 0)
);
--> statement-breakpoint
ALTER TABLE "courier_remittance_lines" ADD CONSTRAINT "courier_remittance_lines_remittance_id_courier_remittances_id_fk" FOREIGN KEY ("remittance_id") REFERENCES "public"."courier_remittances"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittance_lines" ADD CONSTRAINT "courier_remittance_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittances" ADD CONSTRAINT "courier_remittances_courier_id_couriers_id_fk" FOREIGN KEY ("courier_id") REFERENCES "public"."couriers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_remittances" ADD CONSTRAINT "courier_remittances_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_remittance_lines_order_unique" ON "courier_remittance_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "courier_remittance_lines_remittance_idx" ON "courier_remittance_lines" USING btree ("remittance_id","id");--> statement-breakpoint
CREATE INDEX "courier_remittance_lines_mismatch_idx" ON "courier_remittance_lines" USING btree ("status") WHERE "courier_remittance_lines"."status" = 'mismatch';--> statement-breakpoint
CREATE INDEX "courier_remittances_courier_idx" ON "courier_remittances" USING btree ("courier_id","paid_on");--> statement-breakpoint
CREATE INDEX "courier_remittances_paid_on_idx" ON "courier_remittances" USING btree ("paid_on","id");