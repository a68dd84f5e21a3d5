ALTER TABLE "activities" ADD COLUMN "entity_title" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "group_key" text;--> statement-breakpoint
ALTER TABLE "activities" ADD COLUMN "actor_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_group_idx" ON "activities" USING btree ("app_id","group_key");