ALTER TABLE "sms_campaign_recipients" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "sms_campaign_recipients" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "sms_campaigns" ADD COLUMN "reseller_id" integer;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "sms_quota" integer;--> statement-breakpoint
ALTER TABLE "resellers" ADD COLUMN "custom_host" text;--> statement-breakpoint
ALTER TABLE "reseller_ledger" ADD COLUMN "sms_campaign_id" integer;--> statement-breakpoint
CREATE INDEX "sms_campaigns_reseller_idx" ON "sms_campaigns" USING btree ("reseller_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "resellers_custom_host_unique" ON "resellers" USING btree ("custom_host");--> statement-breakpoint
CREATE UNIQUE INDEX "reseller_ledger_sms_campaign_kind_unique" ON "reseller_ledger" USING btree ("sms_campaign_id","kind") WHERE "reseller_ledger"."sms_campaign_id" is not null;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER resellers_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON resellers DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reseller_profiles_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON reseller_profiles DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reseller_product_prices_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON reseller_product_prices DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reseller_delivery_charges_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON reseller_delivery_charges DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reseller_shop_categories_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON reseller_shop_categories DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reseller_shop_pages_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON reseller_shop_pages DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER reseller_shop_sliders_catalog_changed AFTER INSERT OR UPDATE OR DELETE ON reseller_shop_sliders DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION haat_catalog_changed();
