DROP INDEX "logs_user_taxon_idx";--> statement-breakpoint
CREATE INDEX "logs_user_species_idx" ON "logs" USING btree ("user_id",(coalesce("taxon_id", 'name:' || "species_key")));