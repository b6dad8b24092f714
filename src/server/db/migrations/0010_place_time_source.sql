ALTER TABLE "logs" ADD COLUMN "time_zone" varchar(64);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "time_known" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "coordinate_uncertainty" integer;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "source_key" varchar(300);--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "data_license" varchar(20) DEFAULT 'CC-BY-4.0' NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "logs_user_source_key" ON "logs" USING btree ("user_id","source_key");--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_coordinate_uncertainty_range" CHECK ("logs"."coordinate_uncertainty" BETWEEN 1 AND 20000000);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_data_license" CHECK ("users"."data_license" IN ('CC0-1.0', 'CC-BY-4.0', 'CC-BY-NC-4.0'));