-- Every node caches apps, menus and access tokens in memory. These triggers announce changes on
-- the channel `cache_events`, so every node listening (LISTEN) drops what changed at once, whatever
-- wrote it: a route, a cascade (a deleted account takes its tokens along) or an operator's SQL.
CREATE OR REPLACE FUNCTION "notify_apps_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('cache_events', '{"t":"apps"}');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "notify_token_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('cache_events', json_build_object('t', 'tokens', 'hashes', json_build_array(OLD.token_hash))::text);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "apps_cache_events" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "apps" FOR EACH STATEMENT EXECUTE FUNCTION "notify_apps_changed"();
--> statement-breakpoint
CREATE TRIGGER "app_modules_cache_events" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_modules" FOR EACH STATEMENT EXECUTE FUNCTION "notify_apps_changed"();
--> statement-breakpoint
CREATE TRIGGER "app_domains_cache_events" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "app_domains" FOR EACH STATEMENT EXECUTE FUNCTION "notify_apps_changed"();
--> statement-breakpoint
CREATE TRIGGER "access_tokens_revoked_events" AFTER UPDATE OF "revoked_at", "expires_at" ON "access_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_token_revoked"();
--> statement-breakpoint
CREATE TRIGGER "access_tokens_deleted_events" AFTER DELETE ON "access_tokens" FOR EACH ROW EXECUTE FUNCTION "notify_token_revoked"();
