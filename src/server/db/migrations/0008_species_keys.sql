DROP INDEX "logs_user_newest_idx";--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "species_key" text GENERATED ALWAYS AS (lower(trim(species_common))) STORED NOT NULL, ADD COLUMN "scientific_key" text GENERATED ALWAYS AS (lower(trim(species_scientific))) STORED;--> statement-breakpoint
CREATE INDEX "logs_user_newest_idx" ON "logs" USING btree ("user_id","observed_at","created_at","id","count","species_common","species_key","scientific_key");
