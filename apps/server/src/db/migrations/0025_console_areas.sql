ALTER TABLE "apps" ADD COLUMN "short_name" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "icons" jsonb;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "terms_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "terms_text" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "privacy_url" text;--> statement-breakpoint
ALTER TABLE "apps" ADD COLUMN "privacy_text" text;