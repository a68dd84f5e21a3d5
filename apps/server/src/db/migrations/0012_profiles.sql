CREATE TABLE "user_favorites" (
	"user_id" integer NOT NULL,
	"favorite_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_favorites_user_id_favorite_id_pk" PRIMARY KEY("user_id","favorite_id")
);
--> statement-breakpoint
CREATE TABLE "user_notes" (
	"author_id" integer NOT NULL,
	"subject_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_notes_author_id_subject_id_pk" PRIMARY KEY("author_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "user_profiles" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"pitch" text DEFAULT '' NOT NULL,
	"additional_info" text DEFAULT '' NOT NULL,
	"public_email" text DEFAULT '' NOT NULL,
	"social_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"interested_in" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"expert_in" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"looking_for" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hobbies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"touchpoints" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"topics" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"photo_url" text,
	"email_visibility" text DEFAULT 'members' NOT NULL,
	"listed_in_directory" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_favorite_id_users_id_fk" FOREIGN KEY ("favorite_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_favorites" ADD CONSTRAINT "user_favorites_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_notes" ADD CONSTRAINT "user_notes_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_profiles" ADD CONSTRAINT "user_profiles_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_favorites_favorite_idx" ON "user_favorites" USING btree ("favorite_id");--> statement-breakpoint
CREATE INDEX "user_notes_subject_idx" ON "user_notes" USING btree ("subject_id");--> statement-breakpoint
CREATE INDEX "user_profiles_app_idx" ON "user_profiles" USING btree ("app_id");