CREATE TABLE "agenda_rooms" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_id" integer NOT NULL,
	"app_module_id" integer NOT NULL,
	"name" text NOT NULL,
	"capacity" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"external_id" text
);
--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD COLUMN "room_id" integer;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD COLUMN "draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD COLUMN "capacity" integer;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD COLUMN "qa_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD COLUMN "rating_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "agenda_speakers" ADD COLUMN "links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "agenda_speakers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "agenda_tracks" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "agenda_rooms" ADD CONSTRAINT "agenda_rooms_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agenda_rooms" ADD CONSTRAINT "agenda_rooms_app_module_id_app_modules_id_fk" FOREIGN KEY ("app_module_id") REFERENCES "public"."app_modules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agenda_rooms_module_idx" ON "agenda_rooms" USING btree ("app_module_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_rooms_external_idx" ON "agenda_rooms" USING btree ("app_module_id","external_id") WHERE external_id is not null;--> statement-breakpoint
ALTER TABLE "agenda_sessions" ADD CONSTRAINT "agenda_sessions_room_id_agenda_rooms_id_fk" FOREIGN KEY ("room_id") REFERENCES "public"."agenda_rooms"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_sessions_external_idx" ON "agenda_sessions" USING btree ("app_module_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE INDEX "agenda_sessions_room_idx" ON "agenda_sessions" USING btree ("room_id");--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_speakers_external_idx" ON "agenda_speakers" USING btree ("app_module_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "agenda_tracks_external_idx" ON "agenda_tracks" USING btree ("app_module_id","external_id") WHERE external_id is not null;