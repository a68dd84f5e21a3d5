CREATE TABLE "networking_meetings" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"initiator_id" integer NOT NULL,
	"invitee_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"time_start" timestamp with time zone NOT NULL,
	"duration" integer NOT NULL,
	"location" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"timezone_name" text NOT NULL,
	"cancelled_by" integer,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "networking_meetings" ADD CONSTRAINT "networking_meetings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_meetings" ADD CONSTRAINT "networking_meetings_initiator_id_users_id_fk" FOREIGN KEY ("initiator_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "networking_meetings" ADD CONSTRAINT "networking_meetings_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "networking_meetings_initiator_idx" ON "networking_meetings" USING btree ("initiator_id","time_start");--> statement-breakpoint
CREATE INDEX "networking_meetings_invitee_idx" ON "networking_meetings" USING btree ("invitee_id","time_start");