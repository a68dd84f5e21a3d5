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
ALTER TABLE "console_invite_mails" ADD CONSTRAINT "console_invite_mails_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "console_invite_mails" ADD CONSTRAINT "console_invite_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_invite_mails_claim_idx" ON "console_invite_mails" USING btree ("claimed_at","id");--> statement-breakpoint
CREATE INDEX "console_invite_mails_user_idx" ON "console_invite_mails" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "users_search_idx" ON "users" USING gin (to_tsvector('simple', "first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || replace("email", '@', ' ') || ' ' || "company"));