CREATE TABLE "access_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"scope" varchar(20) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "access_tokens_scope" CHECK ("access_tokens"."scope" IN ('import'))
);
--> statement-breakpoint
CREATE TABLE "detections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"outing_id" uuid NOT NULL,
	"source_key" varchar(600) NOT NULL,
	"format" varchar(40) NOT NULL,
	"species_key" varchar(300) NOT NULL,
	"scientific_name" varchar(200),
	"common_name" varchar(200) NOT NULL,
	"species_code" varchar(20),
	"confidence" real NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"offset_seconds" double precision,
	"end_seconds" double precision,
	"file" varchar(500),
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"log_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "detections_status" CHECK ("detections"."status" IN ('pending', 'confirmed', 'rejected')),
	CONSTRAINT "detections_confidence_range" CHECK ("detections"."confidence" BETWEEN 0 AND 1)
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_outing_id_outings_id_fk" FOREIGN KEY ("outing_id") REFERENCES "public"."outings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "detections" ADD CONSTRAINT "detections_log_id_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."logs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "access_tokens_token_key" ON "access_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "access_tokens_user_idx" ON "access_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "detections_user_source_key" ON "detections" USING btree ("user_id","source_key");--> statement-breakpoint
CREATE INDEX "detections_outing_idx" ON "detections" USING btree ("outing_id","species_key","detected_at");--> statement-breakpoint
CREATE INDEX "detections_log_idx" ON "detections" USING btree ("log_id");