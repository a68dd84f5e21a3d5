DROP INDEX "console_audit_search_idx";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "short_name" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "icons" jsonb;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "terms_text" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "privacy_text" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "users_app_seen_idx" ON "users" USING btree ("app_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "console_audit_search_idx" ON "console_audit" USING gin (to_tsvector('simple', translate("action" || ' ' || "actor_name" || ' ' || "target_type" || ' ' || "target_id", '._', '  ')));