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
ALTER TABLE "outings" ADD COLUMN "location_privacy" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "outings" ALTER COLUMN "location_privacy" SET DEFAULT NULL;--> statement-breakpoint
ALTER TABLE "outings" ADD COLUMN "location_embargo_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "location_privacy" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "obscured_place" varchar(10) DEFAULT 'region' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reviewer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sensitive_taxa" ADD CONSTRAINT "sensitive_taxa_taxon_id_taxa_id_fk" FOREIGN KEY ("taxon_id") REFERENCES "public"."taxa"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_viewers" ADD CONSTRAINT "trusted_viewers_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trusted_viewers" ADD CONSTRAINT "trusted_viewers_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sensitive_taxa_rule_key" ON "sensitive_taxa" USING btree ("name_key","area_key");--> statement-breakpoint
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
-- Issue 35: location privacy, applied by the database, so that every reader of a log (a shared
-- page, an export, the owner's list) computes the same level. Levels: 0 open, 1 obscured,
-- 2 private; the strictest of the owner's choice, an embargo, a sensitive-taxon rule and the
-- outing wins.

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
-- The strictest sensitive-taxon rule over a log's names and taxon at its point: a rule covers
-- its taxon, the taxon's synonyms and reported-as forms, and its descendants (a name that starts
-- with the rule's and a space or a slash, or a taxon whose genus, family… is the rule's name).
-- An area rule holds inside its area, and where the point is unknown.
CREATE FUNCTION "sensitive_level"(taxon text, scientific text, lat double precision,
  lon double precision)
RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT coalesce(max(r.level), 0)::smallint
  FROM sensitive_taxa r LEFT JOIN taxa t ON t.id = taxon
  WHERE (r.name_key IN (scientific, t.scientific_key, lower(t.genus), lower(t.family),
        lower(t."order"), lower(t.class), lower(t.phylum), lower(t.kingdom))
      OR scientific LIKE r.name_key || ' %' OR scientific LIKE r.name_key || '/%'
      OR t.scientific_key LIKE r.name_key || ' %'
      OR r.taxon_id IN (taxon, t.accepted_id, t.report_as))
    AND (r.area IS NULL OR lat IS NULL
      OR (lat BETWEEN r.south AND r.north AND lon BETWEEN r.west AND r.east
        AND geo_in_area(lat, lon, r.area)))
$$;
--> statement-breakpoint
-- 2 (private) while an embargo runs: until the start of its day in UTC.
CREATE FUNCTION "embargo_level"(until date) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT (CASE WHEN until > (now() AT TIME ZONE 'UTC')::date THEN 2 ELSE 0 END)::smallint
$$;
--> statement-breakpoint
-- A log's own level: its owner's choice, its embargo, its taxon's rules.
CREATE FUNCTION "log_own_level"(privacy smallint, until date, taxon text, scientific text,
  lat double precision, lon double precision)
RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT greatest(privacy, embargo_level(until), sensitive_level(taxon, scientific, lat, lon))
$$;
--> statement-breakpoint
-- An outing's level: its own choice and embargo, and the strictest of its public logs' own
-- levels (an open log beside a nest would show where the nest is).
CREATE FUNCTION "outing_level"(outing uuid) RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT coalesce(greatest(
    (SELECT greatest(o.location_privacy, embargo_level(o.location_embargo_until))
      FROM outings o WHERE o.id = outing),
    (SELECT max(log_own_level(l.location_privacy, l.location_embargo_until, l.taxon_id,
        l.scientific_key, l.latitude, l.longitude))
      FROM logs l WHERE l.outing_id = outing AND l.is_public)), 0)::smallint
$$;
--> statement-breakpoint
-- A log's level as others see it: its own, or its outing's when stricter.
CREATE FUNCTION "log_level"(privacy smallint, until date, taxon text, scientific text,
  lat double precision, lon double precision, outing uuid)
RETURNS smallint LANGUAGE sql STABLE AS $$
  SELECT greatest(log_own_level(privacy, until, taxon, scientific, lat, lon),
    CASE WHEN outing IS NULL THEN 0 ELSE outing_level(outing) END)::smallint
$$;
--> statement-breakpoint
-- {"level":…,"reason":…} of a level and the parts it came from (common/location-privacy.ts).
CREATE FUNCTION "location_shown_json"(level smallint, reason text) RETURNS json
LANGUAGE sql IMMUTABLE AS $$
  SELECT ('{"level":"' || (ARRAY['open', 'obscured', 'private'])[level + 1] || '","reason":'
    || CASE WHEN level = 0 THEN 'null' ELSE '"' || reason || '"' END || '}')::json
$$;
--> statement-breakpoint
-- How a log shows to others, and why: the owner's choice first, then a rule, an embargo, the
-- outing.
CREATE FUNCTION "log_location_shown"(privacy smallint, until date, taxon text, scientific text,
  lat double precision, lon double precision, outing uuid)
RETURNS json LANGUAGE sql STABLE AS $$
  SELECT location_shown_json(lvl, CASE WHEN privacy = lvl THEN 'owner'
      WHEN sensitive = lvl THEN 'sensitive' WHEN embargo = lvl THEN 'embargo' ELSE 'outing' END)
  FROM (SELECT greatest(privacy, sensitive, embargo, on_outing)::smallint AS lvl, sensitive, embargo
    FROM (SELECT sensitive_level(taxon, scientific, lat, lon) AS sensitive,
      embargo_level(until) AS embargo,
      CASE WHEN outing IS NULL THEN 0 ELSE outing_level(outing) END AS on_outing) parts) x
$$;
--> statement-breakpoint
-- How an outing shows to others, and why: its owner's choice, a sensitive log on it, its
-- embargo, another log on it.
CREATE FUNCTION "outing_location_shown"(outing uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT location_shown_json(lvl, CASE WHEN own = lvl THEN 'owner'
      WHEN sensitive = lvl THEN 'sensitive' WHEN embargo = lvl THEN 'embargo' ELSE 'logs' END)
  FROM (SELECT greatest(own, embargo, sensitive, on_logs)::smallint AS lvl, own, embargo, sensitive
    FROM (SELECT o.location_privacy AS own, embargo_level(o.location_embargo_until) AS embargo,
        coalesce(max(sensitive_level(l.taxon_id, l.scientific_key, l.latitude, l.longitude)), 0)
          AS sensitive,
        coalesce(max(log_own_level(l.location_privacy, l.location_embargo_until, l.taxon_id,
          l.scientific_key, l.latitude, l.longitude)), 0) AS on_logs
      FROM outings o LEFT JOIN logs l ON l.outing_id = o.id AND l.is_public
      WHERE o.id = outing GROUP BY o.id) parts) x
$$;
