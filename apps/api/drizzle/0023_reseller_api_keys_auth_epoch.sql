-- The reseller API remembers which reseller a key belongs to while auth_epoch is unchanged (like
-- sessions, 0002): a key made, revoked or deleted moves the epoch, so a revoked key is refused on its
-- next call. Recording when a key was last used does not.
CREATE TRIGGER reseller_api_keys_auth_changed AFTER INSERT OR DELETE OR UPDATE OF key_hash, reseller_id, revoked_at ON reseller_api_keys FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
