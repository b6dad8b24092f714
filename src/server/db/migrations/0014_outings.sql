CREATE TABLE "outings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"time_zone" varchar(64),
	"duration_minutes" integer,
	"distance_km" double precision,
	"protocol" varchar(20) DEFAULT 'incidental' NOT NULL,
	"party_size" integer,
	"complete" boolean DEFAULT false NOT NULL,
	"place_name" varchar(500),
	"latitude" double precision,
	"longitude" double precision,
	"coordinate_uncertainty" integer,
	"notes" varchar(5000),
	"is_public" boolean DEFAULT false NOT NULL,
	"idempotency_key" uuid,
	"source_key" varchar(300),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "outings_protocol" CHECK ("outings"."protocol" IN ('incidental', 'stationary', 'traveling', 'area')),
	CONSTRAINT "outings_duration_range" CHECK ("outings"."duration_minutes" BETWEEN 0 AND 100000),
	CONSTRAINT "outings_distance_range" CHECK ("outings"."distance_km" BETWEEN 0 AND 100000),
	CONSTRAINT "outings_party_size_range" CHECK ("outings"."party_size" BETWEEN 1 AND 100000),
	CONSTRAINT "outings_latitude_range" CHECK ("outings"."latitude" BETWEEN -90 AND 90),
	CONSTRAINT "outings_longitude_range" CHECK ("outings"."longitude" BETWEEN -180 AND 180),
	CONSTRAINT "outings_coordinates_paired" CHECK (("outings"."latitude" IS NULL) = ("outings"."longitude" IS NULL)),
	CONSTRAINT "outings_coordinate_uncertainty_range" CHECK ("outings"."coordinate_uncertainty" BETWEEN 1 AND 20000000)
);
--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "outing_id" uuid;--> statement-breakpoint
ALTER TABLE "outings" ADD CONSTRAINT "outings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outings_user_newest_idx" ON "outings" USING btree ("user_id","started_at","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "outings_user_idempotency_key" ON "outings" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "outings_user_source_key" ON "outings" USING btree ("user_id","source_key");--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_outing_id_outings_id_fk" FOREIGN KEY ("outing_id") REFERENCES "public"."outings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logs_outing_idx" ON "logs" USING btree ("outing_id","observed_at");