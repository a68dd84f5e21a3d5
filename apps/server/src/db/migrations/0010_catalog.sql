CREATE TABLE "catalog_buy_requests" (
	"app_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_buy_requests_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_flags" (
	"app_id" integer NOT NULL,
	"item_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_flags_item_id_user_id_pk" PRIMARY KEY("item_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"name" text NOT NULL,
	"category" text,
	"location" text,
	"logo_url" text,
	"website" text,
	"contact_email" text,
	"description_html" text DEFAULT '' NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "catalog_items"."name" || ' ' || coalesce("catalog_items"."category", '') || ' ' || coalesce("catalog_items"."location", '') || ' ' || "catalog_items"."description_text")) STORED
);
--> statement-breakpoint
CREATE TABLE "freeform_pages" (
	"app_module_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"html" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_buy_requests" ADD CONSTRAINT "catalog_buy_requests_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_buy_requests" ADD CONSTRAINT "catalog_buy_requests_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_buy_requests" ADD CONSTRAINT "catalog_buy_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_flags" ADD CONSTRAINT "catalog_flags_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_flags" ADD CONSTRAINT "catalog_flags_item_id_catalog_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."catalog_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_flags" ADD CONSTRAINT "catalog_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeform_pages" ADD CONSTRAINT "freeform_pages_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "freeform_pages" ADD CONSTRAINT "freeform_pages_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_buy_requests_user_idx" ON "catalog_buy_requests" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "catalog_flags_user_idx" ON "catalog_flags" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "catalog_items_list_idx" ON "catalog_items" USING btree ("app_module_id","name","id");--> statement-breakpoint
CREATE INDEX "catalog_items_search_idx" ON "catalog_items" USING gin ("search");