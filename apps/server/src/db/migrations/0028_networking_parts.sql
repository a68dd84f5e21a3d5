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
CREATE TABLE "networking_achievements" (
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"badge" text NOT NULL,
	"earned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_achievements_user_id_badge_pk" PRIMARY KEY("user_id","badge")
);
--> statement-breakpoint
CREATE TABLE "networking_session_members" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"bumped_round" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_session_members_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "networking_session_seats" (
	"session_id" integer NOT NULL,
	"round" integer NOT NULL,
	"user_id" integer NOT NULL,
	"number" integer NOT NULL,
	"symbol" integer NOT NULL,
	"ready_at" timestamp with time zone,
	CONSTRAINT "networking_session_seats_session_id_round_user_id_pk" PRIMARY KEY("session_id","round","user_id")
);
--> statement-breakpoint
CREATE TABLE "networking_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"title" text NOT NULL,
	"mode" text NOT NULL,
	"group_size" integer DEFAULT 2 NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"rounds" integer NOT NULL,
	"round_seconds" integer NOT NULL,
	"topics" text[] DEFAULT '{}'::text[] NOT NULL,
	"state" text DEFAULT 'scheduled' NOT NULL,
	"round" integer DEFAULT 0 NOT NULL,
	"phase" text DEFAULT 'talk' NOT NULL,
	"round_started_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ready_checked" integer DEFAULT 0 NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networking_topic_comment_flags" (
	"app_id" integer NOT NULL,
	"comment_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_topic_comment_flags_comment_id_user_id_pk" PRIMARY KEY("comment_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "networking_topic_comments" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "networking_topic_flags" (
	"app_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_topic_flags_topic_id_user_id_pk" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "networking_topic_likes" (
	"app_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_topic_likes_topic_id_user_id_pk" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "networking_topic_members" (
	"app_id" integer NOT NULL,
	"topic_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "networking_topic_members_topic_id_user_id_pk" PRIMARY KEY("topic_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "networking_topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "networking_badges" ADD CONSTRAINT "networking_badges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_badges" ADD CONSTRAINT "networking_badges_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_scans" ADD CONSTRAINT "networking_scans_scanner_id_users_id_fk" FOREIGN KEY ("scanner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_scans" ADD CONSTRAINT "networking_scans_scanned_id_users_id_fk" FOREIGN KEY ("scanned_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_scans" ADD CONSTRAINT "networking_scans_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_achievements" ADD CONSTRAINT "networking_achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_achievements" ADD CONSTRAINT "networking_achievements_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_session_members" ADD CONSTRAINT "networking_session_members_session_id_networking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."networking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_session_members" ADD CONSTRAINT "networking_session_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_session_seats" ADD CONSTRAINT "networking_session_seats_session_id_networking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."networking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_session_seats" ADD CONSTRAINT "networking_session_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_sessions" ADD CONSTRAINT "networking_sessions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_sessions" ADD CONSTRAINT "networking_sessions_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_sessions" ADD CONSTRAINT "networking_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_comment_flags" ADD CONSTRAINT "networking_topic_comment_flags_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_comment_flags" ADD CONSTRAINT "networking_topic_comment_flags_comment_id_networking_topic_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."networking_topic_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_comment_flags" ADD CONSTRAINT "networking_topic_comment_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_comments" ADD CONSTRAINT "networking_topic_comments_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_comments" ADD CONSTRAINT "networking_topic_comments_topic_id_networking_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."networking_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_comments" ADD CONSTRAINT "networking_topic_comments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_flags" ADD CONSTRAINT "networking_topic_flags_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_flags" ADD CONSTRAINT "networking_topic_flags_topic_id_networking_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."networking_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_flags" ADD CONSTRAINT "networking_topic_flags_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_likes" ADD CONSTRAINT "networking_topic_likes_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_likes" ADD CONSTRAINT "networking_topic_likes_topic_id_networking_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."networking_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_likes" ADD CONSTRAINT "networking_topic_likes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_members" ADD CONSTRAINT "networking_topic_members_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_members" ADD CONSTRAINT "networking_topic_members_topic_id_networking_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."networking_topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topic_members" ADD CONSTRAINT "networking_topic_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topics" ADD CONSTRAINT "networking_topics_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topics" ADD CONSTRAINT "networking_topics_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_topics" ADD CONSTRAINT "networking_topics_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "networking_scans_scanned_idx" ON "networking_scans" USING btree ("scanned_id");--> statement-breakpoint
CREATE INDEX "networking_achievements_app_idx" ON "networking_achievements" USING btree ("app_id");--> statement-breakpoint
CREATE INDEX "networking_session_members_user_idx" ON "networking_session_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_session_seats_group_idx" ON "networking_session_seats" USING btree ("session_id","round","number");--> statement-breakpoint
CREATE INDEX "networking_session_seats_user_idx" ON "networking_session_seats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_sessions_module_idx" ON "networking_sessions" USING btree ("app_module_id","mode","state");--> statement-breakpoint
CREATE INDEX "networking_sessions_due_idx" ON "networking_sessions" USING btree ("state","ends_at") WHERE state in ('scheduled', 'running');--> statement-breakpoint
CREATE INDEX "networking_topic_comment_flags_user_idx" ON "networking_topic_comment_flags" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_topic_comments_topic_idx" ON "networking_topic_comments" USING btree ("topic_id","id");--> statement-breakpoint
CREATE INDEX "networking_topic_comments_user_idx" ON "networking_topic_comments" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_topic_flags_user_idx" ON "networking_topic_flags" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_topic_likes_user_idx" ON "networking_topic_likes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_topic_members_user_idx" ON "networking_topic_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_topics_list_idx" ON "networking_topics" USING btree ("app_module_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "networking_topics_user_idx" ON "networking_topics" USING btree ("user_id");