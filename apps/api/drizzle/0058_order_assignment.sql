CREATE TABLE "order_assignment_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_admin_id" integer,
	"to_admin_id" integer,
	"reason" text NOT NULL,
	"by_admin_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_assignment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"mode" text DEFAULT 'round_robin' NOT NULL,
	"admin_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"order_types" text[] DEFAULT '{website,landing,reseller}'::text[] NOT NULL,
	"staff_orders_to_creator" boolean DEFAULT true NOT NULL,
	"next_turn" bigint DEFAULT 0 NOT NULL,
	"updated_by" integer,
	"updated_at" timestamp with time zone,
	CONSTRAINT "order_assignment_settings_one_row" CHECK ("order_assignment_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "order_phone_owners" (
	"phone" text PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assigned_admin_id" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_assignment_history" ADD CONSTRAINT "order_assignment_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_phone_owners" ADD CONSTRAINT "order_phone_owners_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_assignment_history_order_idx" ON "order_assignment_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_phone_owners_admin_idx" ON "order_phone_owners" USING btree ("admin_id");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_assigned_admin_id_admins_id_fk" FOREIGN KEY ("assigned_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_assignee_queue_idx" ON "orders" USING btree ("assigned_admin_id","status","placed_at","id");