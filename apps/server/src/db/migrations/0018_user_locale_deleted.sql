ALTER TABLE "users" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
-- Accounts deleted before this migration kept the English name "Deleted user": marked instead, name emptied.
UPDATE "users" SET "deleted_at" = now(), "first_name" = '', "last_name" = '' WHERE "email" LIKE 'deleted-%@deleted.invalid' AND "deleted_at" IS NULL;
