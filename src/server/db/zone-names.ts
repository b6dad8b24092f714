import { inArray, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { IANA_RENAMES } from '../../common/zone-names.js';
import type { Db } from './client.js';
import { logs, outings } from './schema.js';

// Zones kept before issue 32 under the names ICU gave them (Asia/Calcutta, Europe/Kiev): every
// reply shows them by their IANA name, and a job at start renames them in the rows.

const ZONE_NAME = /^[A-Za-z_/-]+$/;
const quoted = (name: string) => {
  if (!ZONE_NAME.test(name)) throw new Error(`Not a zone name: ${name}`);
  return `'${name}'`;
};
const renames = sql.raw(
  [...IANA_RENAMES].map(([from, to]) => `WHEN ${quoted(from)} THEN ${quoted(to)}`).join(' '),
);
const OLD_NAMES = [...IANA_RENAMES.keys()];

/** The column's zone by its IANA name, in a statement. */
export const ianaZone = (column: AnyColumn | SQL) =>
  sql<string | null>`(CASE ${column} ${renames} ELSE ${column} END)`;

/** Rows renamed a statement: each holds its rows' locks for a few milliseconds. */
const RENAME_BATCH = 2000;

/** Gives the rows of logs and outings their zone's IANA name; the number of rows renamed. */
export async function renameStoredZones(db: Db): Promise<number> {
  let renamed = 0;
  for (const table of [logs, outings]) {
    for (;;) {
      const batch = db
        .select({ id: table.id })
        .from(table)
        .where(inArray(table.timeZone, OLD_NAMES))
        .limit(RENAME_BATCH);
      const rows = await db
        .update(table)
        .set({ timeZone: ianaZone(table.timeZone) })
        .where(inArray(table.id, batch))
        .returning({ id: table.id });
      renamed += rows.length;
      if (rows.length < RENAME_BATCH) break;
    }
  }
  return renamed;
}
