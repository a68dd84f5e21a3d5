ALTER TABLE "chat_messages" ADD COLUMN "files" jsonb;--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "held" boolean DEFAULT false NOT NULL;