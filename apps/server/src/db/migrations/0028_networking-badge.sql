CREATE TABLE "networking_badges" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"version" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networking_scans" (
	"scanner_id" integer NOT NULL,
	"scanned_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"first_scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_scanned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_scans_scanner_id_scanned_id_pk" PRIMARY KEY("scanner_id","scanned_id")
);
--> statement-breakpoint
ALTER TABLE "networking_badges" ADD CONSTRAINT "networking_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_badges" ADD CONSTRAINT "networking_badges_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_scans" ADD CONSTRAINT "networking_scans_scanner_id_users_id_fk" FOREIGN KEY ("scanner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_scans" ADD CONSTRAINT "networking_scans_scanned_id_users_id_fk" FOREIGN KEY ("scanned_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_scans" ADD CONSTRAINT "networking_scans_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "networking_scans_scanned_idx" ON "networking_scans" USING btree ("scanned_id");