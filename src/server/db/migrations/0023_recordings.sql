CREATE TABLE "log_recordings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"log_id" uuid NOT NULL,
	"url" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "log_recordings_url_length" CHECK (char_length("log_recordings"."url") <= 2048)
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"format" varchar(10) NOT NULL,
	"codec" varchar(50),
	"duration_ms" integer NOT NULL,
	"sample_rate" integer NOT NULL,
	"channels" smallint NOT NULL,
	"recorded_at" timestamp with time zone,
	"recorded_latitude" double precision,
	"recorded_longitude" double precision,
	"recorder" text,
	"spectrogram_width" integer NOT NULL,
	"spectrogram_height" integer NOT NULL,
	"spectrogram_max_hz" integer NOT NULL,
	"has_listening_copy" boolean NOT NULL,
	CONSTRAINT "recordings_recorder_length" CHECK (char_length("recordings"."recorder") <= 200)
);
--> statement-breakpoint
ALTER TABLE "uploads" ADD COLUMN "kind" varchar(20) DEFAULT 'photo' NOT NULL;--> statement-breakpoint
ALTER TABLE "log_recordings" ADD CONSTRAINT "log_recordings_log_id_logs_id_fk" FOREIGN KEY ("log_id") REFERENCES "public"."logs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "log_recordings_log_idx" ON "log_recordings" USING btree ("log_id","position");--> statement-breakpoint
CREATE INDEX "log_recordings_url_idx" ON "log_recordings" USING btree ("url");--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_kind" CHECK ("uploads"."kind" IN ('photo', 'recording'));