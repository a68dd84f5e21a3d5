CREATE TABLE "social_feeds" (
	"app_module_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"url" text NOT NULL,
	"title" text,
	"etag" text,
	"last_modified" text,
	"posts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ok_at" timestamp with time zone,
	"error_at" timestamp with time zone,
	"error" text,
	"read_at" timestamp with time zone DEFAULT now() NOT NULL,
	"next_fetch_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "social_feeds" ADD CONSTRAINT "social_feeds_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_feeds" ADD CONSTRAINT "social_feeds_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "social_feeds_due_idx" ON "social_feeds" USING btree ("next_fetch_at");