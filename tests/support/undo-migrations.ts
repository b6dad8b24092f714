import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';

// Tests of a migration's rewrite of existing accounts put the store back as the migrations
// before it left it, then forget those migrations, so that the next start runs them again.
// Each step undoes one migration; newest first.

type Db = FastifyInstance['db'];

/** Undo 0023 (recordings): its tables and the uploads' kind. */
async function undoRecordings(db: Db) {
  await db.execute(sql`DROP TABLE log_recordings, recordings`);
  await db.execute(sql`ALTER TABLE uploads DROP COLUMN kind`);
}

/** Undo 0022 (detections): its tables. */
async function undoDetections(db: Db) {
  await db.execute(sql`DROP TABLE detections, access_tokens`);
}

/** Undo 0021 (occurrences): its tables and the logs' flags. */
async function undoOccurrences(db: Db) {
  await db.execute(sql`DROP TABLE log_reviews, occurrence_builds, occurrence_cells, occurrence_staging,
    occurrence_effort, reference_occurrences, reference_sets`);
  await db.execute(sql`ALTER TABLE logs DROP COLUMN unusual`);
}

/** Undo 0020 (location privacy): its tables, columns, functions and triggers. */
async function undoLocationPrivacy(db: Db) {
  await db.execute(sql`DROP TRIGGER logs_location_privacy_default ON logs`);
  await db.execute(sql`DROP TRIGGER outings_location_privacy_default ON outings`);
  await db.execute(sql`DROP TRIGGER logs_sensitive_level ON logs`);
  await db.execute(sql`DROP TRIGGER taxa_sensitive_levels ON taxa`);
  for (const event of ['inserted', 'updated', 'deleted']) {
    await db.execute(sql.raw(`DROP TRIGGER logs_${event}_outing_privacy ON logs`));
    await db.execute(sql.raw(`DROP FUNCTION logs_${event}_outing_privacy()`));
  }
  await db.execute(sql`DROP FUNCTION location_privacy_default(), set_sensitive_level(),
    taxa_sensitive_levels(), refresh_outing_privacy(uuid[]), location_shown(smallint, smallint, smallint, smallint, text),
    embargo_level(date), sensitive_level(text, text, double precision, double precision),
    name_prefixes(text), geo_in_area(double precision, double precision, jsonb),
    geo_in_ring(double precision, double precision, jsonb)`);
  await db.execute(sql`DROP TABLE sensitive_taxa, trusted_viewers`);
  await db.execute(sql`ALTER TABLE logs DROP COLUMN location_privacy,
    DROP COLUMN location_embargo_until, DROP COLUMN sensitive_level`);
  await db.execute(sql`ALTER TABLE outings DROP COLUMN location_privacy,
    DROP COLUMN location_embargo_until, DROP COLUMN logs_privacy, DROP COLUMN logs_sensitive,
    DROP COLUMN logs_embargo_until`);
  await db.execute(sql`ALTER TABLE users DROP COLUMN location_privacy,
    DROP COLUMN obscured_place, DROP COLUMN reviewer`);
}

/** Undo 0019 (the taxa's regions and notability). */
async function undoTaxaRanking(db: Db) {
  await db.execute(sql`ALTER TABLE taxa DROP COLUMN regions, DROP COLUMN notability`);
}

/** Undo 0018 (the index of taxa's synonyms). */
async function undoTaxaSynonyms(db: Db) {
  await db.execute(sql`DROP INDEX taxa_accepted_id_idx`);
}

/** Undo 0017 (record details): "X" back to a count of 1 and the columns gone. */
async function undoRecordDetails(db: Db) {
  await db.execute(sql`UPDATE logs SET count = 1 WHERE count IS NULL OR count = 0`);
  await db.execute(sql`ALTER TABLE logs DROP CONSTRAINT logs_count_range`);
  await db.execute(sql`ALTER TABLE logs ALTER COLUMN count SET NOT NULL`);
  await db.execute(sql`ALTER TABLE logs ADD CONSTRAINT logs_count_positive CHECK (count >= 1)`);
  for (const column of ['county', 'state_province', 'country_code', 'location_id', 'source_url'])
    for (const table of ['logs', 'outings'])
      await db.execute(sql.raw(`ALTER TABLE ${table} DROP COLUMN ${column}`));
  for (const column of ['breeding_code', 'captive', 'media_urls'])
    await db.execute(sql.raw(`ALTER TABLE logs DROP COLUMN ${column}`));
}

/** Undo 0016 (species units). */
async function undoSpeciesUnits(db: Db) {
  await db.execute(sql`DROP TRIGGER logs_species_unit ON logs`);
  await db.execute(sql`DROP FUNCTION set_species_unit(), species_unit(text, text, text),
    species_binomial(text)`);
  await db.execute(sql`ALTER TABLE logs DROP COLUMN species_unit`);
  await db.execute(sql`ALTER TABLE taxa DROP COLUMN report_as`);
  await db.execute(sql`CREATE INDEX logs_user_species_idx ON logs
    (user_id, (coalesce(taxon_id, 'name:' || species_key)), observed_at, created_at, id)`);
}

/** 0015 rewrote keys only: nothing to undo in the schema. */
async function undoNothing() {}

const undoSteps = [
  undoRecordings,
  undoDetections,
  undoOccurrences,
  undoLocationPrivacy,
  undoTaxaRanking,
  undoTaxaSynonyms,
  undoRecordDetails,
  undoSpeciesUnits,
  undoNothing,
];

/**
 * Puts the store back as it was before the newest `count` migrations (at most 9: 0023, 0022,
 * 0021, 0020, 0019, 0018, 0017, 0016, 0015) and forgets them: the next buildApp runs them again
 * on the data left.
 */
export async function undoNewestMigrations(db: Db, count: number) {
  for (const undo of undoSteps.slice(0, count)) await undo(db);
  await db.execute(sql`
    DELETE FROM drizzle.__drizzle_migrations WHERE created_at IN (
      SELECT created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC
      LIMIT ${count})`);
}
