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
ALTER TABLE "networking_session_members" ADD CONSTRAINT "networking_session_members_session_id_networking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."networking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_session_members" ADD CONSTRAINT "networking_session_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_session_seats" ADD CONSTRAINT "networking_session_seats_session_id_networking_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."networking_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_session_seats" ADD CONSTRAINT "networking_session_seats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_sessions" ADD CONSTRAINT "networking_sessions_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_sessions" ADD CONSTRAINT "networking_sessions_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_sessions" ADD CONSTRAINT "networking_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "networking_session_members_user_idx" ON "networking_session_members" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_session_seats_group_idx" ON "networking_session_seats" USING btree ("session_id","round","number");--> statement-breakpoint
CREATE INDEX "networking_session_seats_user_idx" ON "networking_session_seats" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "networking_sessions_module_idx" ON "networking_sessions" USING btree ("app_module_id","mode","state");--> statement-breakpoint
CREATE INDEX "networking_sessions_due_idx" ON "networking_sessions" USING btree ("state","ends_at") WHERE state in ('scheduled', 'running');