CREATE TABLE "announcements" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"author_id" integer,
	"title" text NOT NULL,
	"bodies" jsonb NOT NULL,
	"segment" jsonb NOT NULL,
	"send_at" timestamp with time zone,
	"status" text DEFAULT 'draft' NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"claim" integer DEFAULT 0 NOT NULL,
	"lease_until" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "console_invite_mails" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"locale" text NOT NULL,
	"base_url" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"kind" text NOT NULL,
	"target_id" integer NOT NULL,
	"action" text NOT NULL,
	"reason" text NOT NULL,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"snapshot" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "console_audit_search_idx";--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "short_name" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "icons" jsonb;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "terms_text" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "privacy_text" text;--> statement-breakpoint
ALTER TABLE "content_comments" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content_posts" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "marketplace_items" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_mails" ADD COLUMN "message" text;--> statement-breakpoint
ALTER TABLE "contact_mails" ADD COLUMN "answered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_invite_mails" ADD CONSTRAINT "console_invite_mails_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_invite_mails" ADD CONSTRAINT "console_invite_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "announcements_app_idx" ON "announcements" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "announcements_due_idx" ON "announcements" USING btree ("send_at") WHERE "announcements"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "announcements_sending_idx" ON "announcements" USING btree ("lease_until") WHERE "announcements"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "announcements_author_idx" ON "announcements" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "console_invite_mails_claim_idx" ON "console_invite_mails" USING btree ("claimed_at","id");--> statement-breakpoint
CREATE INDEX "console_invite_mails_user_idx" ON "console_invite_mails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "moderation_decisions_target_idx" ON "moderation_decisions" USING btree ("app_id","kind","target_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_decisions_app_idx" ON "moderation_decisions" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "users_app_seen_idx" ON "users" USING btree ("app_id","last_seen_at");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', "first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || replace("email", '@', ' ') || ' ' || "company"));--> statement-breakpoint
CREATE INDEX "console_audit_search_idx" ON "console_audit" USING gin (to_tsvector('simple', translate("action" || ' ' || "actor_name" || ' ' || "target_type" || ' ' || "target_id", '._', '  ')));