CREATE TABLE "resource_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"folder_id" integer,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"upload_id" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "resource_items"."title")) STORED,
	CONSTRAINT "resource_items_type_check" CHECK ("resource_items"."type" in ('folder', 'file', 'image', 'link'))
);
--> statement-breakpoint
ALTER TABLE "resource_items" ADD CONSTRAINT "resource_items_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_items" ADD CONSTRAINT "resource_items_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_items" ADD CONSTRAINT "resource_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_items" ADD CONSTRAINT "resource_items_folder_id_resource_items_id_fk" FOREIGN KEY ("folder_id") REFERENCES "public"."resource_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resource_items" ADD CONSTRAINT "resource_items_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resource_items_folder_idx" ON "resource_items" USING btree ("app_module_id","folder_id");--> statement-breakpoint
CREATE INDEX "resource_items_search_idx" ON "resource_items" USING gin ("search");--> statement-breakpoint
CREATE UNIQUE INDEX "resource_items_upload_idx" ON "resource_items" USING btree ("upload_id");