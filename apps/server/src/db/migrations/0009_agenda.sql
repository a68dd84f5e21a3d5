CREATE TABLE "agenda_calendar_feeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_question_votes" (
	"question_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "agenda_question_votes_question_id_user_id_pk" PRIMARY KEY("question_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_questions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"text" text NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_ratings" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_ratings_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_schedule" (
	"user_id" integer NOT NULL,
	"session_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agenda_schedule_user_id_session_id_pk" PRIMARY KEY("user_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_session_speakers" (
	"session_id" integer NOT NULL,
	"speaker_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "agenda_session_speakers_session_id_speaker_id_pk" PRIMARY KEY("session_id","speaker_id")
);
--> statement-breakpoint
CREATE TABLE "agenda_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"track_id" integer,
	"title" text NOT NULL,
	"description_html" text DEFAULT '' NOT NULL,
	"description_text" text DEFAULT '' NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"cancelled_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"attendees_count" integer DEFAULT 0 NOT NULL,
	"ratings_count" integer DEFAULT 0 NOT NULL,
	"ratings_sum" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', "agenda_sessions"."title" || ' ' || "agenda_sessions"."description_text")) STORED
);
--> statement-breakpoint
CREATE TABLE "agenda_speakers" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"user_id" integer,
	"name" text NOT NULL,
	"job_title" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"photo_url" text,
	"bio_html" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agenda_tracks" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"name" text NOT NULL,
	"color" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agenda_calendar_feeds" ADD CONSTRAINT "agenda_calendar_feeds_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_calendar_feeds" ADD CONSTRAINT "agenda_calendar_feeds_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_calendar_feeds" ADD CONSTRAINT "agenda_calendar_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_question_votes" ADD CONSTRAINT "agenda_question_votes_question_id_agenda_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."agenda_questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_question_votes" ADD CONSTRAINT "agenda_question_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_questions" ADD CONSTRAINT "agenda_questions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_questions" ADD CONSTRAINT "agenda_questions_session_id_agenda_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."agenda_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_questions" ADD CONSTRAINT "agenda_questions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_ratings" ADD CONSTRAINT "agenda_ratings_session_id_agenda_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."agenda_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_ratings" ADD CONSTRAINT "agenda_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_ratings" ADD CONSTRAINT "agenda_ratings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_schedule" ADD CONSTRAINT "agenda_schedule_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_schedule" ADD CONSTRAINT "agenda_schedule_session_id_agenda_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."agenda_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_schedule" ADD CONSTRAINT "agenda_schedule_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_session_speakers" ADD CONSTRAINT "agenda_session_speakers_session_id_agenda_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."agenda_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_session_speakers" ADD CONSTRAINT "agenda_session_speakers_speaker_id_agenda_speakers_id_fk" FOREIGN KEY ("speaker_id") REFERENCES "public"."agenda_speakers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD CONSTRAINT "agenda_sessions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD CONSTRAINT "agenda_sessions_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD CONSTRAINT "agenda_sessions_track_id_agenda_tracks_id_fk" FOREIGN KEY ("track_id") REFERENCES "public"."agenda_tracks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_speakers" ADD CONSTRAINT "agenda_speakers_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_speakers" ADD CONSTRAINT "agenda_speakers_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_speakers" ADD CONSTRAINT "agenda_speakers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_tracks" ADD CONSTRAINT "agenda_tracks_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_tracks" ADD CONSTRAINT "agenda_tracks_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_calendar_feeds_token_idx" ON "agenda_calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_calendar_feeds_user_idx" ON "agenda_calendar_feeds" USING btree ("app_module_id","user_id");--> statement-breakpoint
CREATE INDEX "agenda_question_votes_user_idx" ON "agenda_question_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agenda_questions_session_idx" ON "agenda_questions" USING btree ("session_id","votes_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "agenda_ratings_user_idx" ON "agenda_ratings" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "agenda_schedule_session_idx" ON "agenda_schedule" USING btree ("session_id");--> statement-breakpoint
CREATE INDEX "agenda_session_speakers_speaker_idx" ON "agenda_session_speakers" USING btree ("speaker_id");--> statement-breakpoint
CREATE INDEX "agenda_sessions_time_idx" ON "agenda_sessions" USING btree ("app_module_id","starts_at","id");--> statement-breakpoint
CREATE INDEX "agenda_sessions_search_idx" ON "agenda_sessions" USING gin ("search");--> statement-breakpoint
CREATE INDEX "agenda_speakers_module_idx" ON "agenda_speakers" USING btree ("app_module_id","name");--> statement-breakpoint
CREATE INDEX "agenda_tracks_module_idx" ON "agenda_tracks" USING btree ("app_module_id","position");