CREATE TABLE "companies" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'buyer' NOT NULL,
	"name" text NOT NULL,
	"contact_person" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"opening_balance" bigint DEFAULT 0 NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "companies_status_check" CHECK ("companies"."status" in (0, 1)),
	CONSTRAINT "companies_credit_limit_check" CHECK ("companies"."credit_limit" >= 0)
);
--> statement-breakpoint
ALTER TABLE "counter_sales" DROP CONSTRAINT "counter_sales_money_check";--> statement-breakpoint
ALTER TABLE "counter_sale_lines" ADD COLUMN "direction" text DEFAULT 'out' NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_sale_lines" ADD COLUMN "return_of_sale_id" integer;--> statement-breakpoint
ALTER TABLE "counter_sale_payments" ADD COLUMN "paid_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_sale_payments" ADD COLUMN "admin_id" integer;--> statement-breakpoint
ALTER TABLE "counter_sale_payments" ADD COLUMN "note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD COLUMN "kind" text DEFAULT 'counter' NOT NULL;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD COLUMN "company_id" integer;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD COLUMN "refunded" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "companies_kind_name_idx" ON "companies" USING btree ("kind","name","id");--> statement-breakpoint
CREATE INDEX "companies_phone_idx" ON "companies" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "counter_sale_payments" ADD CONSTRAINT "counter_sale_payments_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "counter_sales_kind_idx" ON "counter_sales" USING btree ("kind","sold_at","id");--> statement-breakpoint
CREATE INDEX "counter_sales_company_idx" ON "counter_sales" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "counter_sales_supplier_idx" ON "counter_sales" USING btree ("supplier_id");--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_buyer_check" CHECK (("counter_sales"."kind" = 'company') = (num_nonnulls("counter_sales"."company_id", "counter_sales"."supplier_id") = 1) and num_nonnulls("counter_sales"."company_id", "counter_sales"."supplier_id") <= 1);--> statement-breakpoint
ALTER TABLE "counter_sales" ADD CONSTRAINT "counter_sales_money_check" CHECK ("counter_sales"."total" >= 0 and "counter_sales"."change_given" >= 0 and "counter_sales"."refunded" >= 0 and ("counter_sales"."kind" = 'company' or "counter_sales"."paid" >= "counter_sales"."total"));