DROP INDEX "audit_log_admin_idx";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_kind" text DEFAULT 'system' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_name" text;--> statement-breakpoint
UPDATE "audit_log" SET "actor_kind" = 'admin', "actor_id" = "admin_id", "actor_name" = (SELECT "name" FROM "admins" WHERE "admins"."id" = "audit_log"."admin_id") WHERE "admin_id" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_kind","actor_id","created_at" DESC NULLS LAST);
