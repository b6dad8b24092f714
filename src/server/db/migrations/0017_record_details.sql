ALTER TABLE "logs" DROP CONSTRAINT "logs_count_positive";--> statement-breakpoint
ALTER TABLE "logs" ALTER COLUMN "count" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "county" varchar(200);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "state_province" varchar(200);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "country_code" varchar(2);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "location_id" varchar(80);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "breeding_code" varchar(4);--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "captive" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "media_urls" text[];--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "source_url" varchar(500);--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "county" varchar(200);--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "state_province" varchar(200);--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "country_code" varchar(2);--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "location_id" varchar(80);--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "source_url" varchar(500);--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_count_range" CHECK ("logs"."count" >= 0);--> statement-breakpoint
-- Issue 32: the source record's page for what earlier imports brought in. An eBird record's key
-- is `ebird:<checklist>:…`, an outing's `ebird:<checklist>`, an iNaturalist one `inaturalist:<id>`.
UPDATE "logs" SET "source_url" = 'https://ebird.org/checklist/' || split_part("source_key", ':', 2)
WHERE "source_key" ~ '^ebird:S[0-9]+(:|$)';--> statement-breakpoint
UPDATE "outings" SET "source_url" = 'https://ebird.org/checklist/' || split_part("source_key", ':', 2)
WHERE "source_key" ~ '^ebird:S[0-9]+$';--> statement-breakpoint
UPDATE "logs" SET "source_url" = 'https://www.inaturalist.org/observations/' || split_part("source_key", ':', 2)
WHERE "source_key" ~ '^inaturalist:[0-9]+$';
--> statement-breakpoint
-- "X" was kept as a count of 1 and a line of the notes; it is now a count of its own (null). The
-- source's link was a line of the notes too; it is now source_url. Both lines leave the notes.
CREATE FUNCTION "without_lines"(notes text, dropped text[]) RETURNS text
LANGUAGE sql IMMUTABLE AS $$
  SELECT nullif(array_to_string(array(
    SELECT line FROM unnest(string_to_array(notes, E'\n')) WITH ORDINALITY AS u(line, i)
    WHERE NOT (trim(line) = ANY (dropped)) ORDER BY i), E'\n'), '')
$$;--> statement-breakpoint
UPDATE "logs" SET "count" = NULL, "notes" = without_lines("notes", ARRAY['Count not recorded (X)'])
WHERE "count" = 1 AND "source_key" LIKE 'ebird:%' AND "notes" ~ '(^|\n)\s*Count not recorded \(X\)\s*(\n|$)';--> statement-breakpoint
UPDATE "logs" SET "notes" = without_lines("notes", ARRAY['eBird: ' || "source_url", 'iNaturalist: ' || "source_url", "source_url"])
WHERE "source_url" IS NOT NULL AND "notes" IS NOT NULL;--> statement-breakpoint
DROP FUNCTION "without_lines"(text, text[]);
