CREATE TABLE "user_flags" (
	"subject_id" integer NOT NULL,
	"reporter_id" integer NOT NULL,
	"app_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_flags_subject_id_reporter_id_pk" PRIMARY KEY("subject_id","reporter_id")
);
--> statement-breakpoint
ALTER TABLE "user_flags" ADD CONSTRAINT "user_flags_subject_id_users_id_fk" FOREIGN KEY ("subject_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flags" ADD CONSTRAINT "user_flags_reporter_id_users_id_fk" FOREIGN KEY ("reporter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flags" ADD CONSTRAINT "user_flags_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "user_flags_reporter_idx" ON "user_flags" USING btree ("reporter_id");--> statement-breakpoint
-- Before the one-waiting-request-per-pair index: older duplicates are withdrawn (cancelled by their initiator), the newest stays.
UPDATE "networking_meetings" m SET "status" = 'cancelled', "cancelled_by" = m."initiator_id", "version" = m."version" + 1, "updated_at" = now()
WHERE m."status" = 'pending' AND m."accepted_at" IS NULL AND EXISTS (
	SELECT 1 FROM "networking_meetings" n
	WHERE n."status" = 'pending' AND n."accepted_at" IS NULL AND n."id" > m."id"
		AND least(n."initiator_id", n."invitee_id") = least(m."initiator_id", m."invitee_id")
		AND greatest(n."initiator_id", n."invitee_id") = greatest(m."initiator_id", m."invitee_id")
);--> statement-breakpoint
CREATE UNIQUE INDEX "networking_meetings_waiting_pair_idx" ON "networking_meetings" USING btree (least(initiator_id, invitee_id),greatest(initiator_id, invitee_id)) WHERE status = 'pending' and accepted_at is null;