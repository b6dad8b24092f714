import {
  unusualKinds,
  unusualKindTexts,
  type Unusual,
  type UnusualGroup,
} from '../../../../common/occurrences.js';
import type { Db } from '../../../db/client.js';
import { findUnusualOf, unusualOfImported, type ImportedLog } from '../../logs/index.js';

// Issue 36: an import's unusual records, grouped by what made them so, in its dry run (what the
// logs would get) and its report (what they got). Never a reason to refuse a row.

const CHUNK = 1000;
const SPECIES_LISTED = 10;

/** The flagged records by kind: how many, and their first species (each once). */
export function unusualGroups(
  records: { species: string; unusual: Unusual | null }[],
): UnusualGroup[] {
  return unusualKinds.flatMap((kind) => {
    const flagged = records.filter(({ unusual }) => unusual?.[kind] !== undefined);
    if (flagged.length === 0) return [];
    const species = [...new Set(flagged.map((record) => record.species))];
    return [
      {
        kind,
        message: unusualKindTexts[kind],
        count: flagged.length,
        species: species.slice(0, SPECIES_LISTED),
      },
    ];
  });
}

/** The groups the rows would make, asked a chunk of rows at a time. */
export async function previewUnusual(db: Db, rows: ImportedLog[]): Promise<UnusualGroup[]> {
  const records: { species: string; unusual: Unusual | null }[] = [];
  for (let start = 0; start < rows.length; start += CHUNK) {
    const chunk = rows.slice(start, start + CHUNK);
    const flags = await unusualOfImported(db, chunk);
    chunk.forEach(({ payload }, index) => {
      records.push({ species: payload.speciesCommon, unusual: flags[index] ?? null });
    });
  }
  return unusualGroups(records);
}

/** The groups the logs an import made got. */
export async function madeUnusual(db: Db, userId: string, ids: string[]) {
  const records = [];
  for (let start = 0; start < ids.length; start += CHUNK * 10) {
    records.push(...(await findUnusualOf(db, userId, ids.slice(start, start + CHUNK * 10))));
  }
  return unusualGroups(records);
}
