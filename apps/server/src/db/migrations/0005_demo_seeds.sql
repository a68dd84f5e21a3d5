CREATE TABLE "demo_seeds" (
	"name" text PRIMARY KEY NOT NULL,
	"seeded_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- A database seeded before seeds were tracked per module has these modules' demo content already.
INSERT INTO "demo_seeds" ("name") SELECT n FROM unnest(ARRAY['apps', 'users', 'activity']) AS n WHERE EXISTS (SELECT 1 FROM "apps" WHERE "key" = 'demo');
