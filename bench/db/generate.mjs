// Fills a migrated Sightbook database with synthetic logs, in SQL (no HTTP): `users` users,
// one heavy user holding a tenth of the rows, a few hundred species drawn Zipf-like,
// coordinates on half the logs and a photo link on a fifth of them.

export const userUuid = (n) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
export const HEAVY_USER = userUuid(1);
const SPECIES = 300;
const BIRDS = [
  'Robin', 'Blackbird', 'Wren', 'Blue Tit', 'Great Tit', 'Chaffinch', 'Goldfinch', 'Starling',
  'House Sparrow', 'Magpie', 'Jay', 'Jackdaw', 'Rook', 'Carrion Crow', 'Wood Pigeon',
  'Collared Dove', 'Mallard', 'Coot', 'Moorhen', 'Grey Heron', 'Kestrel', 'Buzzard',
  'Red Kite', 'Swift', 'Swallow', 'House Martin', 'Song Thrush', 'Dunnock', 'Nuthatch', 'Treecreeper',
]; // prettier-ignore

/** Returns the number of logs written; `rows` in all, a tenth of them for HEAVY_USER. */
export async function generate(client, { rows, users = 1000 }) {
  const heavy = Math.floor(rows / 10);
  await client.query(
    `INSERT INTO users (id, email, first_name)
     SELECT ('00000000-0000-4000-8000-' || lpad(to_hex(n), 12, '0'))::uuid,
            'bench-' || n || '@example.org', 'Bench ' || n
     FROM generate_series(1, $1::int) n`,
    [users],
  );
  await client.query(
    `CREATE TEMP TABLE bench_species AS
     SELECT r AS rank, ($1::text[])[1 + r % array_length($1::text[], 1)] || ' ' || r AS common,
            'Avis speciosa' || r AS scientific
     FROM generate_series(1, ${SPECIES}) r`,
    [BIRDS],
  );
  // ln-uniform ranks: P(rank) ~ 1/rank, a Zipf law with exponent 1.
  await client.query(
    `INSERT INTO logs (user_id, species_common, species_scientific, count, observed_at, place_name,
                       latitude, longitude, description, notes, is_public)
     SELECT CASE WHEN g <= $2 THEN $3::uuid
                 ELSE ('00000000-0000-4000-8000-' || lpad(to_hex(2 + g % ($4::int - 1)), 12, '0'))::uuid END,
            s.common, CASE WHEN g % 4 <> 0 THEN s.scientific END,
            1 + floor(random() ^ 4 * 40)::int,
            now() - random() * interval '6 years',
            'Place ' || (g % 700),
            CASE WHEN g % 2 = 0 THEN 35 + random() * 25 END,
            CASE WHEN g % 2 = 0 THEN -10 + random() * 35 END,
            CASE WHEN g % 3 = 0 THEN 'Seen at first light, calling from cover; weather mild.' END,
            CASE WHEN g % 5 = 0 THEN 'Field notes ' || g END,
            g % 10 <> 0
     FROM (SELECT g, least(${SPECIES}, floor(exp(random() * ln(${SPECIES + 1})))::int) AS rank
           FROM generate_series(1, $1::int) g) r
     JOIN bench_species s USING (rank)`,
    [rows, heavy, HEAVY_USER, users],
  );
  await client.query(
    `INSERT INTO log_photos (log_id, url, source_type, position)
     SELECT id, 'https://photos.example/' || id || '.jpg', 'external', 0
     FROM logs WHERE random() < 0.2`,
  );
  await client.query('VACUUM ANALYZE');
  // the generated pages written out now, not by a checkpoint in the middle of a measurement
  await client.query('CHECKPOINT');
  return rows;
}

/** The account of the shared-times data set: every log of a day at the same instant. */
export const SHARED_TIMES_USER = userUuid(0xfffffff);

/**
 * A date-only import as the shared-times data set: `rows` logs over `days` days, each stored at
 * local noon in Berlin with time_known false, all created by one import (one created_at), with
 * coordinates (the map's points). Many logs share an observed_at, and only the id orders them.
 */
export async function generateSharedTimes(client, { rows, days }) {
  await client.query(
    `INSERT INTO users (id, email, first_name) VALUES ($1, 'bench-shared-times@example.org', 'Dates')`,
    [SHARED_TIMES_USER],
  );
  await client.query(
    `INSERT INTO logs (user_id, species_common, count, observed_at, time_zone, time_known,
                       place_name, latitude, longitude)
     SELECT $1::uuid, 'Bird ' || (g % 300), 1 + g % 7,
            ((date '2025-01-01' + (g % $3::int)) + time '12:00') AT TIME ZONE 'Europe/Berlin',
            'Europe/Berlin', false, 'Place ' || (g % 700),
            47.5 + random() * 7, 6 + random() * 8.5
     FROM generate_series(1, $2::int) g`,
    [SHARED_TIMES_USER, rows, days],
  );
  await client.query('VACUUM ANALYZE');
  await client.query('CHECKPOINT');
}
