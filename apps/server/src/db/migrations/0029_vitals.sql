CREATE TABLE "vitals_buckets" (
	"app_id" integer NOT NULL,
	"day" date NOT NULL,
	"route" text NOT NULL,
	"metric" text NOT NULL,
	"device" text NOT NULL,
	"bucket" integer NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "vitals_buckets_app_id_day_route_metric_device_bucket_pk" PRIMARY KEY("app_id","day","route","metric","device","bucket")
);
--> statement-breakpoint
CREATE TABLE "vitals_settings" (
	"app_id" integer PRIMARY KEY NOT NULL,
	"sample_rate" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "vitals_buckets" ADD CONSTRAINT "vitals_buckets_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vitals_settings" ADD CONSTRAINT "vitals_settings_app_id_apps_id_fk" FOREIGN KEY ("app_id") REFERENCES "public"."apps"("id") ON DELETE cascade ON UPDATE no action;