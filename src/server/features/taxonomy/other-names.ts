import { readFileSync } from 'node:fs';
import { brotliDecompressSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { englishNameCase, nameKey } from '../../../common/taxonomy.js';
import type { Db } from '../../db/client.js';
import { taxa } from '../../db/schema.js';
import { loadedVersion, recordSource } from './queries.js';
import { replaceNames, type NameInput } from './taxon-writes.js';

// Names in other languages of mammals and reptiles (issue 33), from Wikispecies through the npm
// package species-names-dataset: datasets/names/vertebrates.json.br, built by
// scripts/build-names.mjs. Added to the backbone's accepted taxa of the same scientific name
// and class after the seed; a taxon the backbone lacks is skipped.

export const OTHER_NAMES_SOURCE = 'names:vertebrates';
const namesFile = new URL('../../../../datasets/names/vertebrates.json.br', import.meta.url);

const namesSchema = z.object({
  version: z.string(),
  classes: z.array(z.string()),
  languages: z.array(z.string()),
  taxa: z.array(z.tuple([z.string(), z.int(), z.array(z.string().nullable())])),
});

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const BATCH = 2000;
/** Bumped when the reading below changes (2: English names in englishNameCase). */
const READING = 2;

const readOtherNames = (file: URL | string = namesFile) =>
  namesSchema.parse(JSON.parse(brotliDecompressSync(readFileSync(file)).toString('utf8')));

/** The version of the names the seed loads (of the file's data). */
export const otherNamesVersion = (data = readOtherNames()) => `${data.version}+${READING}`;

/**
 * Adds the file's names to the taxa they name, once a version (`again`: after the seed was
 * written anew); the number of names written.
 */
export async function seedOtherNames(
  db: Db,
  file: URL | string = namesFile,
  { again = false }: { again?: boolean } = {},
): Promise<number> {
  const data = readOtherNames(file);
  const version = otherNamesVersion(data);
  if (!again && (await loadedVersion(db, OTHER_NAMES_SOURCE)) === version) return 0;
  const wanted = data.taxa.map(([scientific, group]) => ({
    key: nameKey(scientific),
    class: data.classes[group]!,
  }));
  const found = rowsOf<{ id: string; key: string; class: string }>(
    await db.execute(sql`
      SELECT t.id, t.scientific_key AS key, t.class FROM ${taxa} t
      JOIN json_to_recordset(${JSON.stringify(wanted)}::json) AS w(key text, class text)
        ON t.scientific_key = w.key AND t.class = w.class
      WHERE t.accepted_id IS NULL`),
  );
  const ids = new Map(found.map((row) => [`${row.key}|${row.class}`, row.id]));
  const names: NameInput[] = [];
  for (const [i, [, , given]] of data.taxa.entries()) {
    const taxonId = ids.get(`${wanted[i]!.key}|${wanted[i]!.class}`);
    if (!taxonId) continue;
    given.forEach((name, n) => {
      if (name) {
        const language = data.languages[n]!;
        const shown = language === 'en' ? englishNameCase(name) : name;
        names.push({ taxonId, language, name: shown, preferred: true, nameKey: nameKey(name) });
      }
    });
  }
  const replaced = new Set<string>();
  let written = 0;
  for (let start = 0; start < names.length; start += BATCH)
    written += await replaceNames(db, names.slice(start, start + BATCH), replaced);
  await recordSource(db, OTHER_NAMES_SOURCE, version, ids.size);
  return written;
}
