ALTER TABLE "taxa" ADD COLUMN "regions" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "taxa" ADD COLUMN "notability" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "taxa" t SET "notability" = least(32767, n.languages)
FROM (SELECT taxon_id, count(DISTINCT language) AS languages FROM "taxon_names" GROUP BY taxon_id) n
WHERE n.taxon_id = t.id;
