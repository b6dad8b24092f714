CREATE TABLE "sensitive_taxa" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"scientific_name" varchar(300) NOT NULL,
	"name_key" text NOT NULL,
	"taxon_id" varchar(120),
	"level" smallint NOT NULL,
	"area" jsonb,
	"area_name" varchar(200),
	"south" double precision,
	"west" double precision,
	"north" double precision,
	"east" double precision,
	"area_key" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sensitive_taxa_level" CHECK ("sensitive_taxa"."level" BETWEEN 1 AND 2)
);
--> statement-breakpoint
CREATE TABLE "trusted_viewers" (
	"owner_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_viewers_owner_id_viewer_id_pk" PRIMARY KEY("owner_id","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "location_privacy" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "logs" ALTER COLUMN "location_privacy" SET DEFAULT NULL;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "location_embargo_until" date;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "sensitive_level" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "location_privacy" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outings" ALTER COLUMN "location_privacy" SET DEFAULT NULL;--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "location_embargo_until" date;--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "logs_privacy" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "logs_sensitive" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "logs_embargo_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location_privacy" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "obscured_place" varchar(10) DEFAULT 'region' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reviewer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sensitive_taxa" ADD CONSTRAINT "sensitive_taxa_taxon_id_taxa_id_fk" FOREIGN KEY ("taxon_id") REFERENCES "public"."taxa"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_viewers" ADD CONSTRAINT "trusted_viewers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_viewers" ADD CONSTRAINT "trusted_viewers_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_taxa_rule_key" ON "sensitive_taxa" USING btree ("name_key","area_key");--> statement-breakpoint
CREATE INDEX "sensitive_taxa_taxon_idx" ON "sensitive_taxa" USING btree ("taxon_id");--> statement-breakpoint
CREATE INDEX "trusted_viewers_viewer_idx" ON "trusted_viewers" USING btree ("viewer_id");--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_location_privacy" CHECK ("logs"."location_privacy" BETWEEN 0 AND 2);--> statement-breakpoint
ALTER TABLE "outings" ADD CONSTRAINT "outings_location_privacy" CHECK ("outings"."location_privacy" BETWEEN 0 AND 2);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_location_privacy" CHECK ("users"."location_privacy" BETWEEN 0 AND 2);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_obscured_place" CHECK ("users"."obscured_place" IN ('region', 'hide'));;--> statement-breakpoint
-- A log or outing written without a level (the API's create, an import) takes its owner's
-- default: before the row's NOT NULL is checked.
CREATE FUNCTION "location_privacy_default"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT coalesce(u.location_privacy, 0) INTO NEW.location_privacy FROM users u
  WHERE u.id = NEW.user_id;
  NEW.location_privacy := coalesce(NEW.location_privacy, 0);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "logs_location_privacy_default" BEFORE INSERT ON "logs"
FOR EACH ROW WHEN (NEW.location_privacy IS NULL) EXECUTE FUNCTION location_privacy_default();
--> statement-breakpoint
CREATE TRIGGER "outings_location_privacy_default" BEFORE INSERT ON "outings"
FOR EACH ROW WHEN (NEW.location_privacy IS NULL) EXECUTE FUNCTION location_privacy_default();
--> statement-breakpoint
-- Issue 35: location privacy. Levels: 0 open, 1 obscured, 2 private; the strictest of the
-- owner's choice, a running embargo, the taxon's sensitive rules and the outing wins. The rules'
-- level is kept on each log (sensitive_level), so that a read costs no rule matching; the
-- readers' SQL is src/server/db/location-privacy.ts.

-- Whether the point lies inside a closed GeoJSON ring ([[lon, lat], …]): ray casting.
CREATE FUNCTION "geo_in_ring"(lat double precision, lon double precision, ring jsonb)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT count(*) % 2 = 1
  FROM jsonb_array_elements(ring) WITH ORDINALITY AS a(p, i)
  JOIN jsonb_array_elements(ring) WITH ORDINALITY AS b(q, j) ON j = i + 1
  WHERE ((a.p->>1)::float8 > lat) <> ((b.q->>1)::float8 > lat)
    AND lon < ((b.q->>0)::float8 - (a.p->>0)::float8) * (lat - (a.p->>1)::float8)
      / ((b.q->>1)::float8 - (a.p->>1)::float8) + (a.p->>0)::float8
$$;
--> statement-breakpoint
-- Whether the point lies in a MultiPolygon's coordinates: in an outer ring and none of its holes.
CREATE FUNCTION "geo_in_area"(lat double precision, lon double precision, area jsonb)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(bool_or(geo_in_ring(lat, lon, polygon->0) AND NOT EXISTS (
      SELECT 1 FROM jsonb_array_elements(polygon) WITH ORDINALITY AS h(ring, k)
      WHERE k > 1 AND geo_in_ring(lat, lon, h.ring))), false)
  FROM jsonb_array_elements(area) AS polygons(polygon)
$$;
--> statement-breakpoint
-- The keys a rule may name to cover a scientific name: the name and its first one, two and
-- three words ('falco', 'falco peregrinus', 'falco peregrinus tundrius'), a slash read as a
-- space: a genus covers its species, a species its subspecies, its slashes and its hybrids.
CREATE FUNCTION "name_prefixes"(name text) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY[name, split_part(replace(name, '/', ' '), ' ', 1),
    split_part(replace(name, '/', ' '), ' ', 1) || ' '
      || split_part(replace(name, '/', ' '), ' ', 2),
    split_part(replace(name, '/', ' '), ' ', 1) || ' '
      || split_part(replace(name, '/', ' '), ' ', 2) || ' '
      || split_part(replace(name, '/', ' '), ' ', 3)]
$$;
--> statement-breakpoint
-- The strictest sensitive-taxon rule over a log's names, taxon and point: a rule covers its
-- taxon, the taxon's synonyms and reported-as forms, and its descendants (a name that begins
-- with the rule's, or a taxon whose genus, family… is the rule's name). An area rule holds
-- inside its area, and where the point is unknown. 0 without one. The keys are bound before the
-- rules are read, so that their indexes find them.
CREATE FUNCTION "sensitive_level"(taxon text, scientific text, lat double precision,
  lon double precision)
RETURNS smallint LANGUAGE plpgsql STABLE AS $$
DECLARE
  keys text[] := name_prefixes(scientific);
  ids text[] := ARRAY[taxon];
  t record;
  found_level smallint;
BEGIN
  IF taxon IS NOT NULL THEN
    SELECT * INTO t FROM taxa WHERE id = taxon;
    IF FOUND THEN
      keys := keys || name_prefixes(t.scientific_key) || ARRAY[lower(t.genus), lower(t.family),
        lower(t."order"), lower(t.class), lower(t.phylum), lower(t.kingdom)];
      ids := ids || ARRAY[t.accepted_id, t.report_as]::text[];
    END IF;
  END IF;
  SELECT max(r.level) INTO found_level FROM sensitive_taxa r
  WHERE (r.name_key = ANY (keys) OR r.taxon_id = ANY (ids))
    AND (r.area IS NULL OR lat IS NULL
      OR (lat BETWEEN r.south AND r.north AND lon BETWEEN r.west AND r.east
        AND geo_in_area(lat, lon, r.area)));
  RETURN coalesce(found_level, 0);
END $$;
--> statement-breakpoint
-- A log's rules' level as it is written: most instances have no rule, and pay one probe.
CREATE FUNCTION "set_sensitive_level"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.sensitive_level := CASE WHEN EXISTS (SELECT 1 FROM sensitive_taxa)
    THEN sensitive_level(NEW.taxon_id, lower(trim(NEW.species_scientific)), NEW.latitude,
      NEW.longitude) ELSE 0 END;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "logs_sensitive_level" BEFORE INSERT OR UPDATE OF taxon_id, species_scientific,
  latitude, longitude ON "logs" FOR EACH ROW EXECUTE FUNCTION set_sensitive_level();
--> statement-breakpoint
-- A taxon the backbone changes (its classification, what it is a synonym of) moves its logs'
-- rules' level with it.
CREATE FUNCTION "taxa_sensitive_levels"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM sensitive_taxa) THEN
    UPDATE logs l SET sensitive_level = sensitive_level(l.taxon_id, l.scientific_key,
        l.latitude, l.longitude)
    FROM changed_taxa c WHERE l.taxon_id = c.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "taxa_sensitive_levels" AFTER UPDATE ON "taxa"
REFERENCING NEW TABLE AS changed_taxa FOR EACH STATEMENT EXECUTE FUNCTION taxa_sensitive_levels();
--> statement-breakpoint
-- 2 (private) while an embargo runs: until the start of its day in UTC.
CREATE FUNCTION "embargo_level"(until date) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (CASE WHEN until > (now() AT TIME ZONE 'UTC')::date THEN 2 ELSE 0 END)::smallint
$$;
--> statement-breakpoint
-- How a place shows to others, and why (common/location-privacy.ts's locationShown): the
-- strictest of its parts; the reason names the first of them that reaches it.
CREATE FUNCTION "location_shown"(own smallint, embargo smallint, sensitive smallint,
  inherited smallint, inherited_reason text)
RETURNS json LANGUAGE sql IMMUTABLE AS $$
  SELECT ('{"level":"'
    || (ARRAY['open', 'obscured', 'private'])[greatest(own, embargo, sensitive, inherited) + 1]
    || '","reason":' || CASE greatest(own, embargo, sensitive, inherited)
      WHEN 0 THEN 'null' WHEN own THEN '"owner"' WHEN sensitive THEN '"sensitive"'
      WHEN embargo THEN '"embargo"' ELSE '"' || inherited_reason || '"' END || '}')::json
$$;
--> statement-breakpoint
-- What an outing's public logs say of its place, set again for the outings of the logs a
-- statement wrote: the strictest owner's level and sensitive level among them, their latest
-- embargo (an open log beside a nest would show where the nest is).
CREATE FUNCTION "refresh_outing_privacy"(ids uuid[]) RETURNS void LANGUAGE sql AS $$
  UPDATE outings o SET logs_privacy = coalesce(x.privacy, 0),
    logs_sensitive = coalesce(x.sensitive, 0), logs_embargo_until = x.until
  FROM (SELECT i.id, max(l.location_privacy) AS privacy, max(l.sensitive_level) AS sensitive,
      max(l.location_embargo_until) AS until
    FROM unnest(ids) AS i(id) LEFT JOIN logs l ON l.outing_id = i.id AND l.is_public
    GROUP BY i.id) x
  WHERE o.id = x.id AND (o.logs_privacy, o.logs_sensitive, o.logs_embargo_until)
    IS DISTINCT FROM (coalesce(x.privacy, 0), coalesce(x.sensitive, 0), x.until)
$$;
--> statement-breakpoint
CREATE FUNCTION "logs_inserted_outing_privacy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_outing_privacy(ARRAY(SELECT DISTINCT outing_id FROM new_logs
    WHERE outing_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "logs_updated_outing_privacy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_outing_privacy(ARRAY(SELECT outing_id FROM new_logs WHERE outing_id IS NOT NULL
    UNION SELECT outing_id FROM old_logs WHERE outing_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "logs_deleted_outing_privacy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_outing_privacy(ARRAY(SELECT DISTINCT outing_id FROM old_logs
    WHERE outing_id IS NOT NULL));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "logs_inserted_outing_privacy" AFTER INSERT ON "logs"
REFERENCING NEW TABLE AS new_logs
FOR EACH STATEMENT EXECUTE FUNCTION logs_inserted_outing_privacy();
--> statement-breakpoint
CREATE TRIGGER "logs_updated_outing_privacy" AFTER UPDATE ON "logs"
REFERENCING OLD TABLE AS old_logs NEW TABLE AS new_logs
FOR EACH STATEMENT EXECUTE FUNCTION logs_updated_outing_privacy();
--> statement-breakpoint
CREATE TRIGGER "logs_deleted_outing_privacy" AFTER DELETE ON "logs"
REFERENCING OLD TABLE AS old_logs
FOR EACH STATEMENT EXECUTE FUNCTION logs_deleted_outing_privacy();
