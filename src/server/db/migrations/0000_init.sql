CREATE TABLE "log_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"log_id" uuid NOT NULL,
	"url" text NOT NULL,
	"source_type" varchar(20) DEFAULT 'external' NOT NULL,
	"label" text,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "log_photos_url_length" CHECK (char_length("log_photos"."url") <= 2048),
	CONSTRAINT "log_photos_source_type" CHECK ("log_photos"."source_type" IN ('external', 'uploaded'))
);
--> statement-breakpoint
CREATE TABLE "logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"species_common" varchar(200) NOT NULL,
	"species_scientific" varchar(200),
	"count" integer NOT NULL,
	"observed_at" timestamp with time zone NOT NULL,
	"place_name" varchar(500),
	"latitude" double precision,
	"longitude" double precision,
	"description" varchar(2000),
	"notes" varchar(5000),
	"is_public" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logs_count_positive" CHECK ("logs"."count" >= 1),
	CONSTRAINT "logs_latitude_range" CHECK ("logs"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "logs_longitude_range" CHECK ("logs"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "logs_coordinates_paired" CHECK (("logs"."latitude" IS NULL) = ("logs"."longitude" IS NULL))
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"sid" varchar(128) PRIMARY KEY NOT NULL,
	"sess" json NOT NULL,
	"expire" timestamp (6) with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" varchar(254),
	"password_hash" text,
	"first_name" varchar(100),
	"last_name" varchar(100),
	"profile_image_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "log_photos" ADD CONSTRAINT "log_photos_log_id_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_photos_log_idx" ON "log_photos" USING btree ("log_id","position");--> statement-breakpoint
CREATE INDEX "logs_user_observed_idx" ON "logs" USING btree ("user_id","observed_at");--> statement-breakpoint
CREATE INDEX "logs_user_species_idx" ON "logs" USING btree ("user_id","species_common");--> statement-breakpoint
CREATE INDEX "sessions_expire_idx" ON "sessions" USING btree ("expire");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");