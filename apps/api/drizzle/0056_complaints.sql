CREATE TABLE "complaint_notes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"admin_id" integer,
	"body" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text DEFAULT 'complaint' NOT NULL,
	"subject" text NOT NULL,
	"phone" text NOT NULL,
	"customer_name" text DEFAULT '' NOT NULL,
	"order_id" integer,
	"order_number" text DEFAULT '' NOT NULL,
	"owner_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"due_on" date,
	"description" text DEFAULT '' NOT NULL,
	"opened_by" integer,
	"resolved_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_subject_check" CHECK (length("complaints"."subject") between 1 and 160)
);
--> statement-breakpoint
ALTER TABLE "complaint_notes" ADD CONSTRAINT "complaint_notes_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_notes_complaint_idx" ON "complaint_notes" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE INDEX "complaints_status_idx" ON "complaints" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "complaints_owner_idx" ON "complaints" USING btree ("owner_id","status","id");--> statement-breakpoint
CREATE INDEX "complaints_phone_idx" ON "complaints" USING btree ("phone","id");--> statement-breakpoint
CREATE INDEX "complaints_order_idx" ON "complaints" USING btree ("order_id");