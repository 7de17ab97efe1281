ALTER TABLE "sms_campaign_recipients" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "sms_campaign_recipients" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "sms_quota" integer;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "custom_host" text;--> statement-breakpoint
ALTER TABLE "reseller_ledger" ADD COLUMN "sms_campaign_id" integer;--> statement-breakpoint
CREATE INDEX "sms_campaigns_reseller_idx" ON "sms_campaigns" USING btree ("reseller_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_custom_host_unique" ON "resellers" USING btree ("custom_host");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_ledger_sms_campaign_kind_unique" ON "reseller_ledger" USING btree ("sms_campaign_id","kind") WHERE "reseller_ledger"."sms_campaign_id" is not null;