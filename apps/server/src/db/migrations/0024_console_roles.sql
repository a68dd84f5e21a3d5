CREATE TABLE "console_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer,
	"actor_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target_type" text DEFAULT '' NOT NULL,
	"target_id" text DEFAULT '' NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_moderator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "is_operator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "console_audit" ADD CONSTRAINT "console_audit_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_audit" ADD CONSTRAINT "console_audit_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_audit_app_idx" ON "console_audit" USING btree ("app_id","id");--> statement-breakpoint
CREATE INDEX "console_audit_actor_idx" ON "console_audit" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "console_audit_search_idx" ON "console_audit" USING gin (to_tsvector('simple', "action" || ' ' || "actor_name" || ' ' || "target_type" || ' ' || "target_id"));