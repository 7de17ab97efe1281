CREATE TABLE "reseller_shop_categories" (
	"reseller_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "reseller_shop_categories_reseller_id_category_id_pk" PRIMARY KEY("reseller_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "reseller_shop_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"reseller_id" integer NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"content" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reseller_shop_categories" ADD CONSTRAINT "reseller_shop_categories_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_shop_categories" ADD CONSTRAINT "reseller_shop_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_shop_pages" ADD CONSTRAINT "reseller_shop_pages_reseller_id_resellers_id_fk" FOREIGN KEY ("reseller_id") REFERENCES "public"."resellers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_shop_pages_slug_unique" ON "reseller_shop_pages" USING btree ("reseller_id","slug");--> statement-breakpoint
CREATE INDEX "reseller_shop_pages_reseller_idx" ON "reseller_shop_pages" USING btree ("reseller_id");