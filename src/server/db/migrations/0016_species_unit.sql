DROP INDEX "logs_user_species_idx";--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "species_unit" text;--> statement-breakpoint
ALTER TABLE "taxa" ADD COLUMN "report_as" varchar(120);--> statement-breakpoint
-- Issue 32: what a log counts as on the lists, eBird's and iNaturalist's rule. Written in SQL
-- once, so that every write (the API, the import, the backbone's linking, a restore) and this
-- backfill compute the same thing.

-- The species of a scientific name in lower case: its first two words ('Tyto alba [alba Group]',
-- 'Junco hyemalis hyemalis/carolinensis'); null for one word or a slash between species.
CREATE FUNCTION "species_binomial"(scientific text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN b !~ '/' THEN b END
  FROM (SELECT lower(substring(scientific from '^\s*([^\s\[\(]+\s+[^\s\[\(]+)')) AS b) AS s
$$;
--> statement-breakpoint
-- The species unit of a log's names and taxon: 'sci:<binomial>' or 'name:<common name>', or
-- null when the log counts as no species (spuh, slash, hybrid, domestic type, higher taxon).
CREATE FUNCTION "species_unit"(common text, scientific text, taxon text) RETURNS text
LANGUAGE plpgsql STABLE AS $$
DECLARE
  t record;
  reported text;
  sci text := nullif(trim(scientific), '');
  base text;
BEGIN
  IF taxon IS NOT NULL THEN
    SELECT rank, scientific_name, report_as INTO t FROM taxa WHERE id = taxon;
    IF FOUND THEN
      IF t.rank IN ('spuh', 'slash', 'hybrid') THEN RETURN NULL; END IF;
      -- eBird's domestic types count as none, but for the Feral Pigeon, which counts as Rock Pigeon
      IF t.scientific_name ~* 'domestic type' THEN RETURN NULL; END IF;
      IF t.report_as IS NOT NULL THEN
        SELECT species_binomial(scientific_name) INTO reported FROM taxa WHERE id = t.report_as;
        IF reported IS NOT NULL THEN RETURN 'sci:' || reported; END IF;
      END IF;
      IF t.rank IN ('species', 'subspecies', 'variety', 'form', 'forma', 'infraspecificname',
          'intergrade', 'domestic', 'group (polytypic)', 'group (monotypic)') THEN
        RETURN 'sci:' || species_binomial(t.scientific_name);
      END IF;
      RETURN NULL; -- a genus, a family, a complex: no one species
    END IF;
  END IF;
  -- Without a taxon, the names say it, as eBird writes them: 'duck sp.', 'Anatidae (duck sp.)',
  -- 'Greater/Lesser Scaup', 'Mallard x Mexican Duck (hybrid)', 'Mallard (Domestic type)'.
  IF concat_ws(' ', common, sci) ~* '(^|[\s(])spp?\.' THEN RETURN NULL; END IF;
  IF concat_ws(' ', common, sci) ~* '\(hybrid\)|domestic type|^\s*domestic\s' THEN RETURN NULL; END IF;
  IF sci IS NOT NULL AND sci ~ '^\S+\s+\S' THEN
    -- an x after three words joins two subspecies of one species (an intergrade); after two, species
    IF sci ~* '\s(x|×)\s|×' AND sci !~* '^\s*\S+\s+\S+\s+\S+\s+(x|×)\s' THEN RETURN NULL; END IF;
    RETURN 'sci:' || species_binomial(sci); -- null for a slash
  END IF;
  base := lower(trim(regexp_replace(common, '\s*[\(\[].*$', '')));
  IF base = '' THEN base := lower(trim(common)); END IF;
  IF base ~ '/' OR base ~* '\s(x|×)\s|×' THEN RETURN NULL; END IF;
  RETURN 'name:' || base;
END $$;
--> statement-breakpoint
CREATE FUNCTION "set_species_unit"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.species_unit := species_unit(NEW.species_common, NEW.species_scientific, NEW.taxon_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "logs_species_unit" BEFORE INSERT OR UPDATE OF species_common, species_scientific, taxon_id
  ON "logs" FOR EACH ROW EXECUTE FUNCTION "set_species_unit"();
--> statement-breakpoint
UPDATE "logs" SET "species_unit" = species_unit("species_common", "species_scientific", "taxon_id");--> statement-breakpoint
CREATE INDEX "logs_user_species_idx" ON "logs" USING btree ("user_id",(coalesce("species_unit", 'other:' || coalesce("taxon_id", 'name:' || "species_key"))),"observed_at","created_at","id");
