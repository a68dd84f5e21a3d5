-- The console caches the account behind each console token (its name and roles). A change of a role,
-- a block, a deletion or a name announces that member on the channel every node LISTENs on, so the
-- cached account is dropped everywhere at once, whatever wrote it: a console call or an operator's SQL.
CREATE OR REPLACE FUNCTION "notify_console_actor_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('cache_events', json_build_object('t', 'cache', 'name', 'console-actors', 'prefix', OLD.id::text || ':')::text);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "users_console_actor_events" AFTER UPDATE OF "is_admin", "is_moderator", "is_operator", "blocked_at", "deleted_at", "first_name", "last_name", "email" ON "users" FOR EACH ROW
	WHEN (OLD.is_admin IS DISTINCT FROM NEW.is_admin OR OLD.is_moderator IS DISTINCT FROM NEW.is_moderator
		OR OLD.is_operator IS DISTINCT FROM NEW.is_operator OR OLD.blocked_at IS DISTINCT FROM NEW.blocked_at
		OR OLD.deleted_at IS DISTINCT FROM NEW.deleted_at OR OLD.first_name IS DISTINCT FROM NEW.first_name
		OR OLD.last_name IS DISTINCT FROM NEW.last_name OR OLD.email IS DISTINCT FROM NEW.email)
	EXECUTE FUNCTION "notify_console_actor_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_console_actor_deleted_events" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "notify_console_actor_changed"();
