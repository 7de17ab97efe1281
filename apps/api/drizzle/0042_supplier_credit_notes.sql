CREATE TABLE "purchase_credit_note_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_note_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"amount" bigint NOT NULL,
	"stock_value_amount" bigint NOT NULL,
	"sold_amount" bigint NOT NULL,
	"units_on_hand" integer NOT NULL,
	"average_cost_before" bigint NOT NULL,
	"average_cost_after" bigint NOT NULL,
	CONSTRAINT "purchase_credit_note_lines_amount_check" CHECK ("purchase_credit_note_lines"."amount" > 0 and "purchase_credit_note_lines"."stock_value_amount" >= 0 and "purchase_credit_note_lines"."sold_amount" >= 0 and "purchase_credit_note_lines"."stock_value_amount" + "purchase_credit_note_lines"."sold_amount" = "purchase_credit_note_lines"."amount")
);
--> statement-breakpoint
CREATE TABLE "purchase_credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"purchase_id" integer NOT NULL,
	"credited_on" date NOT NULL,
	"reference" text NOT NULL,
	"reason" text NOT NULL,
	"amount" bigint NOT NULL,
	"stock_value_amount" bigint NOT NULL,
	"sold_amount" bigint NOT NULL,
	"admin_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_credit_notes_amount_check" CHECK ("purchase_credit_notes"."amount" > 0 and "purchase_credit_notes"."stock_value_amount" >= 0 and "purchase_credit_notes"."sold_amount" >= 0 and "purchase_credit_notes"."stock_value_amount" + "purchase_credit_notes"."sold_amount" = "purchase_credit_notes"."amount")
);
--> statement-breakpoint
ALTER TABLE "purchase_return_lines" ADD COLUMN "credit_share" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchases" ADD COLUMN "credited_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "purchase_credit_note_lines" ADD CONSTRAINT "purchase_credit_note_lines_credit_note_id_purchase_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."purchase_credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_credit_note_lines" ADD CONSTRAINT "purchase_credit_note_lines_line_id_purchase_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."purchase_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_credit_notes" ADD CONSTRAINT "purchase_credit_notes_purchase_id_purchases_id_fk" FOREIGN KEY ("purchase_id") REFERENCES "public"."purchases"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_credit_notes" ADD CONSTRAINT "purchase_credit_notes_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_credit_note_lines_note_idx" ON "purchase_credit_note_lines" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "purchase_credit_note_lines_line_idx" ON "purchase_credit_note_lines" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "purchase_credit_notes_purchase_idx" ON "purchase_credit_notes" USING btree ("purchase_id","id");