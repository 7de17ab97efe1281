ALTER TABLE "incomplete_checkouts" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD COLUMN "draft_key" text;--> statement-breakpoint
ALTER TABLE "incomplete_checkouts" ADD CONSTRAINT "incomplete_checkouts_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incomplete_checkouts_open_shop_key_unique" ON "incomplete_checkouts" USING btree ("reseller_id","draft_key") WHERE "incomplete_checkouts"."status" = 'open';