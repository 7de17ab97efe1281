-- Custom SQL migration file, put your code below! --
-- hand-written:
-- The settings read outside a transaction are kept in the server's memory (settings module,
-- cacheSettingsBy) until a change of the settings table: every statement that writes it notifies
-- haat_settings, which PostgreSQL delivers at the commit (several in one transaction as one). PGlite
-- is the server's own database, so its listener counts every change before the writing query
-- returns; a PostgreSQL server reads its settings rows as before.
CREATE FUNCTION haat_settings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('haat_settings', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER settings_changed_notify AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON settings FOR EACH STATEMENT EXECUTE FUNCTION haat_settings_changed();
