CREATE TABLE "auth_epoch" (
	"id" integer PRIMARY KEY NOT NULL,
	"n" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "n") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION haat_auth_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_epoch SET n = n + 1 WHERE id = 1;
  PERFORM pg_notify('haat_auth', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER admins_auth_changed AFTER INSERT OR UPDATE OR DELETE ON admins FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
--> statement-breakpoint
CREATE TRIGGER roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON roles FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
--> statement-breakpoint
CREATE TRIGGER role_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
--> statement-breakpoint
CREATE TRIGGER admin_roles_auth_changed AFTER INSERT OR UPDATE OR DELETE ON admin_roles FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
--> statement-breakpoint
CREATE TRIGGER admin_permissions_auth_changed AFTER INSERT OR UPDATE OR DELETE ON admin_permissions FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
--> statement-breakpoint
CREATE TRIGGER resellers_auth_changed AFTER INSERT OR UPDATE OR DELETE ON resellers FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
--> statement-breakpoint
CREATE TRIGGER merchants_auth_changed AFTER INSERT OR UPDATE OR DELETE ON merchants FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
--> statement-breakpoint
CREATE TRIGGER customers_auth_changed AFTER INSERT OR UPDATE OR DELETE ON customers FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed AFTER DELETE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION haat_auth_changed();
