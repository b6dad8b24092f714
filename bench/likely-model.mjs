// A synthetic occurrence model for the "likely here" benches of issue 36 (bench/likely-pack.mjs
// in Node, bench/likely-browser.mjs in Chromium): per region, N species (the default backbone's
// birds, in C order) over M resolution-3 cells around a place, each species in a random third
// of the cells, in a random season of 4–20 weeks. Seeded: the same model each run.
import { sql } from 'drizzle-orm';
import { cellToChildren, gridDisk, latLngToCell } from 'h3-js';
import { cellNumber } from '../src/server/features/occurrences/cells.ts';

/** The place and date the benches rank for: a dense region (upstate New York, in May). */
export const PLACE = { latitude: 42.44, longitude: -76.5, date: '2026-05-10' };

/** 200 typed queries: prefixes of 1–8 characters of 12 common and 11 scientific bird names, and 2 others. */
const NAMES = [
  'American robin',
  'Barn owl',
  'Blue jay',
  'Northern cardinal',
  'Mallard',
  'Red-tailed hawk',
  'Song sparrow',
  'Black-capped chickadee',
  'Downy woodpecker',
  'Great blue heron',
  'Canada goose',
  'Wood thrush',
  'Turdus migratorius',
  'Cyanocitta cristata',
  'Cardinalis cardinalis',
  'Anas platyrhynchos',
  'Buteo jamaicensis',
  'Melospiza melodia',
  'Poecile atricapillus',
  'Dryobates pubescens',
  'Ardea herodias',
  'Branta canadensis',
  'Hylocichla mustelina',
  'Red fox',
  'Monarch',
];
export const QUERIES = NAMES.flatMap((name) =>
  [1, 2, 3, 4, 5, 6, 7, 8].map((n) => name.slice(0, n)),
);

const rowsOf = (result) => result.rows;

/**
 * Writes the model of each region ({ place, species, cells }) into occurrence_cells, and one
 * build, so that GET /api/occurrences/pack serves them. Returns each region's counts.
 */
export async function seedLikelyModel(db, regions) {
  let seed = 36;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  const counts = [];
  let total = 0;
  for (const { place, species, cells: cellCount } of regions) {
    const units = rowsOf(
      await db.execute(sql`SELECT DISTINCT 'sci:' || species_binomial(scientific_name) AS unit
        FROM taxa WHERE rank = 'species' AND class = 'Aves' AND species_binomial(scientific_name) IS NOT NULL
        ORDER BY 1 LIMIT ${species}`),
    ).map((row) => row.unit);
    const region = latLngToCell(place.latitude, place.longitude, 1);
    const children = gridDisk(region, 1).flatMap((cell) => cellToChildren(cell, 3));
    // the place's own cell first: the model has records near it
    const home = latLngToCell(place.latitude, place.longitude, 3);
    const cells = [home, ...children.filter((cell) => cell !== home)]
      .slice(0, cellCount)
      .map(cellNumber);
    const rows = [];
    for (const unit of units) {
      const length = 4 + Math.floor(random() * 17);
      const first = 1 + Math.floor(random() * 52);
      for (const cell of cells) {
        if (random() > 1 / 3) continue;
        for (let n = 0; n < length; n += 1) {
          if (random() < 0.5)
            rows.push({
              u: unit,
              c: cell,
              w: ((first + n - 1) % 52) + 1,
              r: 1 + Math.floor(random() * 9),
            });
        }
      }
    }
    for (let at = 0; at < rows.length; at += 50_000) {
      await db.execute(sql`INSERT INTO occurrence_cells (species_unit, cell, week, records)
        SELECT u, c, w, r FROM jsonb_to_recordset(${JSON.stringify(rows.slice(at, at + 50_000))}::jsonb)
          AS r(u text, c bigint, w smallint, r int)`);
    }
    counts.push({ species: units.length, cells: cells.length, rows: rows.length });
    total += rows.length;
  }
  await db.execute(sql`INSERT INTO occurrence_builds (logs, reference_records, cells, ms)
    VALUES (${total}, 0, ${total}, 0)`);
  return counts;
}

/** The line a bench prints for a region's model. */
export const modelLine = ({ species, cells, rows }) =>
  `${species} species over ${cells} resolution-3 cells, ${rows} rows (species, cell, week)`;
