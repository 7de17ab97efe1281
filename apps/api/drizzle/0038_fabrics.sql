CREATE TABLE "fabric_issues" (
	"id" serial PRIMARY KEY NOT NULL,
	"factory_id" integer NOT NULL,
	"fabric_id" integer NOT NULL,
	"issued_on" date NOT NULL,
	"quantity" integer NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fabric_issues_quantity_check" CHECK ("fabric_issues"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "fabric_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"fabric_id" integer NOT NULL,
	"kind" text NOT NULL,
	"quantity" integer NOT NULL,
	"purchase_id" integer,
	"issue_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"admin_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fabric_ledger_quantity_check" CHECK ("fabric_ledger"."quantity" <> 0)
);
--> statement-breakpoint
CREATE TABLE "fabric_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"fabric_id" integer NOT NULL,
	"purchased_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" bigint NOT NULL,
	"total" bigint NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fabric_purchases_amounts_check" CHECK ("fabric_purchases"."quantity" > 0 and "fabric_purchases"."unit_price" >= 0 and "fabric_purchases"."paid" >= 0 and "fabric_purchases"."paid" <= "fabric_purchases"."total")
);
--> statement-breakpoint
CREATE TABLE "fabrics" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"colour" text DEFAULT '' NOT NULL,
	"fabric_type" text DEFAULT '' NOT NULL,
	"unit" text DEFAULT 'metre' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"stock_cost" bigint DEFAULT 0 NOT NULL,
	"low_stock_at" integer DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fabrics_stock_check" CHECK ("fabrics"."stock" >= 0 and "fabrics"."stock_cost" >= 0 and "fabrics"."low_stock_at" >= 0),
	CONSTRAINT "fabrics_status_check" CHECK ("fabrics"."status" in (0, 1))
);
--> statement-breakpoint
ALTER TABLE "fabric_issues" ADD CONSTRAINT "fabric_issues_factory_id_factories_id_fk" FOREIGN KEY ("factory_id") REFERENCES "public"."factories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_issues" ADD CONSTRAINT "fabric_issues_fabric_id_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."fabrics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_issues" ADD CONSTRAINT "fabric_issues_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_ledger" ADD CONSTRAINT "fabric_ledger_fabric_id_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."fabrics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_ledger" ADD CONSTRAINT "fabric_ledger_purchase_id_fabric_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."fabric_purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_ledger" ADD CONSTRAINT "fabric_ledger_issue_id_fabric_issues_id_fk" FOREIGN KEY ("issue_id") REFERENCES "public"."fabric_issues"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_ledger" ADD CONSTRAINT "fabric_ledger_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_purchases" ADD CONSTRAINT "fabric_purchases_supplier_id_suppliers_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_purchases" ADD CONSTRAINT "fabric_purchases_fabric_id_fabrics_id_fk" FOREIGN KEY ("fabric_id") REFERENCES "public"."fabrics"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fabric_purchases" ADD CONSTRAINT "fabric_purchases_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fabric_issues_factory_idx" ON "fabric_issues" USING btree ("factory_id","id");--> statement-breakpoint
CREATE INDEX "fabric_issues_fabric_idx" ON "fabric_issues" USING btree ("fabric_id","id");--> statement-breakpoint
CREATE INDEX "fabric_ledger_fabric_idx" ON "fabric_ledger" USING btree ("fabric_id","id");--> statement-breakpoint
CREATE INDEX "fabric_purchases_supplier_idx" ON "fabric_purchases" USING btree ("supplier_id","id");--> statement-breakpoint
CREATE INDEX "fabric_purchases_fabric_idx" ON "fabric_purchases" USING btree ("fabric_id","id");--> statement-breakpoint
CREATE INDEX "fabric_purchases_date_idx" ON "fabric_purchases" USING btree ("purchased_on","id");--> statement-breakpoint
CREATE INDEX "fabrics_name_idx" ON "fabrics" USING btree ("name");