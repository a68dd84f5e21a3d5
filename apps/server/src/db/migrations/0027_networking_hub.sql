CREATE TABLE "networking_contacts" (
	"low_id" integer NOT NULL,
	"high_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"starter_id" integer NOT NULL,
	"contacted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"connected_at" timestamp with time zone,
	CONSTRAINT "networking_contacts_low_id_high_id_pk" PRIMARY KEY("low_id","high_id")
);
--> statement-breakpoint
CREATE TABLE "networking_marks" (
	"user_id" integer NOT NULL,
	"target_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"mark" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_marks_user_id_target_id_pk" PRIMARY KEY("user_id","target_id")
);
--> statement-breakpoint
CREATE TABLE "networking_members" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"level" integer DEFAULT 1 NOT NULL,
	"level_at" timestamp with time zone,
	"level_until" timestamp with time zone,
	"badges" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networking_points" (
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"action" text NOT NULL,
	"ref" text DEFAULT '' NOT NULL,
	"points" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_points_user_id_action_ref_pk" PRIMARY KEY("user_id","action","ref")
);
--> statement-breakpoint
ALTER TABLE "networking_contacts" ADD CONSTRAINT "networking_contacts_low_id_users_id_fk" FOREIGN KEY ("low_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_contacts" ADD CONSTRAINT "networking_contacts_high_id_users_id_fk" FOREIGN KEY ("high_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_contacts" ADD CONSTRAINT "networking_contacts_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_marks" ADD CONSTRAINT "networking_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_marks" ADD CONSTRAINT "networking_marks_target_id_users_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_marks" ADD CONSTRAINT "networking_marks_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_members" ADD CONSTRAINT "networking_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_members" ADD CONSTRAINT "networking_members_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_points" ADD CONSTRAINT "networking_points_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_points" ADD CONSTRAINT "networking_points_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "networking_contacts_high_idx" ON "networking_contacts" USING btree ("high_id");--> statement-breakpoint
CREATE INDEX "networking_marks_target_idx" ON "networking_marks" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "networking_members_board_idx" ON "networking_members" USING btree ("app_id","points" DESC NULLS LAST,"updated_at");--> statement-breakpoint
CREATE INDEX "networking_members_until_idx" ON "networking_members" USING btree ("level_until");--> statement-breakpoint
CREATE INDEX "networking_points_recent_idx" ON "networking_points" USING btree ("user_id","created_at");