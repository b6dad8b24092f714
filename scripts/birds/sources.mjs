// Readers of the raw files scripts/build-birds.mjs takes (datasets/birds/SOURCES.md says where
// each comes from). Every reader returns plain rows with the same field names, whatever the
// year's column names were.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

/** A CSV file's rows as objects by trimmed header; CR, LF or CRLF line ends. */
export const readCsv = (file) =>
  parse(readFileSync(file), {
    bom: true,
    columns: (header) => header.map((name) => name.trim()),
    relax_column_count: true,
    skip_empty_lines: true,
    trim: true,
  });

const pick = (row, ...names) => names.map((name) => row[name]).find((v) => v !== undefined) ?? '';

/** "Turdidae (Thrushes and Allies)", as eBird's own CSV writes a family, or auk's two columns. */
function familyOf(row) {
  const family = pick(row, 'FAMILY', 'family');
  const [, scientific, english] = family.match(/^(\S+)\s*\((.*)\)$/) ?? [];
  return {
    family: scientific ?? family,
    familyEnglish: pick(row, 'family_common') || (english ?? ''),
  };
}

function ebirdRow(row) {
  return {
    code: pick(row, 'SPECIES_CODE', 'species_code'),
    category: pick(row, 'CATEGORY', 'category'),
    scientific: pick(row, 'SCI_NAME', 'scientific_name'),
    english: pick(row, 'PRIMARY_COM_NAME', 'common_name'),
    order: pick(row, 'ORDER1', 'ORDER', 'order'),
    ...familyOf(row),
    reportAs: pick(row, 'REPORT_AS', 'report_as'),
    // eBird's 2016 file alone has the IOC's English names beside its own
    iocEnglish: pick(row, 'English, IOC'),
  };
}

/**
 * The eBird taxonomies in `dir`, oldest first, by the year in their file names
 * (eBird_taxonomy_v2024.csv): the newest is the list, the others give former names.
 */
export function readEbird(dir) {
  return readdirSync(dir)
    .filter((file) => /\.csv$/i.test(file) && /20\d\d/.test(file))
    .map((file) => ({ file, year: Number(file.match(/20\d\d/)[0]) }))
    .sort((a, b) => a.year - b.year)
    .map(({ file, year }) => ({ file, year, rows: readCsv(join(dir, file)).map(ebirdRow) }));
}

/** AviList's species rows (its extended CSV, or any subset of its columns). */
export function readAvilist(dir) {
  const file = readdirSync(dir).find((name) => /\.csv$/i.test(name));
  if (!file) return { file: null, rows: [] };
  const known = (value) => (value && value !== 'NA' ? value : '');
  const rows = readCsv(join(dir, file))
    .filter((row) => row.Taxon_rank === 'species')
    .map((row) => ({
      scientific: row.Scientific_name,
      code: known(row.Species_code_Cornell_Lab),
      protonym: known(row.Protonym),
      // English_name_AviList, English_name_Clements_v2024, English_name_BirdLife_v9 …
      englishNames: Object.keys(row)
        .filter((column) => column.startsWith('English_name_'))
        .map((column) => known(row[column]))
        .filter(Boolean),
    }));
  return { file, rows };
}

/**
 * AviList's range texts by species (its binomial): the species' own (monotypic species) and its
 * subspecies'; empty without a `Range` column.
 */
export function readAvilistRanges(dir) {
  const file = readdirSync(dir).find((name) => /\.csv$/i.test(name));
  const ranges = new Map();
  for (const row of file ? readCsv(join(dir, file)) : []) {
    if (!row.Range || row.Range === 'NA') continue;
    if (row.Taxon_rank !== 'species' && row.Taxon_rank !== 'subspecies') continue;
    const binomial = row.Scientific_name.split(/\s+/).slice(0, 2).join(' ');
    ranges.set(binomial, [...(ranges.get(binomial) ?? []), row.Range]);
  }
  return ranges;
}

/** species-names-dataset's birds: `[{scientific_name, common_names: [{lang, name}]}]` a genus. */
export function readWikispecies(dir) {
  const entries = [];
  for (const file of readdirSync(dir).sort()) {
    if (!file.endsWith('.json')) continue;
    entries.push(...JSON.parse(readFileSync(join(dir, file), 'utf8')));
  }
  return entries.map((entry) => ({
    scientific: entry.scientific_name,
    names: (entry.common_names ?? []).map(({ lang, name }) => ({
      language: lang.trim(),
      // one name a cell: the first of "Amsel, Schwarzdrossel", without markup
      name: name
        .replace(/<[^>]*>/g, '')
        .split(/[,;]/)[0]
        .trim(),
    })),
  }));
}

// The IOC multilingual list's language columns, as the primary tags browsers send.
const IOC_LANGUAGES = {
  Afrikaans: 'af',
  Arabic: 'ar',
  Belarusian: 'be',
  Bulgarian: 'bg',
  Catalan: 'ca',
  Chinese: 'zh',
  'Chinese (Traditional)': 'zh',
  Croatian: 'hr',
  Czech: 'cs',
  Danish: 'da',
  Dutch: 'nl',
  Esperanto: 'eo',
  Estonian: 'et',
  Finnish: 'fi',
  French: 'fr',
  German: 'de',
  Greek: 'el',
  Hebrew: 'he',
  Hungarian: 'hu',
  Icelandic: 'is',
  Indonesian: 'id',
  Italian: 'it',
  Japanese: 'ja',
  Korean: 'ko',
  Latvian: 'lv',
  Lithuanian: 'lt',
  Macedonian: 'mk',
  Malayalam: 'ml',
  'Northern Sami': 'se',
  Norwegian: 'nb',
  Persian: 'fa',
  Polish: 'pl',
  'Portuguese (Portuguese)': 'pt',
  'Portuguese (Lusophone)': 'pt',
  Romanian: 'ro',
  Russian: 'ru',
  Serbian: 'sr',
  Slovak: 'sk',
  Slovenian: 'sl',
  Spanish: 'es',
  Swedish: 'sv',
  Thai: 'th',
  Turkish: 'tr',
  Ukrainian: 'uk',
};

/** The IOC multilingual list as CSV (optional): rows of a scientific name and its names. */
export function readIoc(dir) {
  if (!existsSync(dir)) return [];
  const entries = [];
  for (const file of readdirSync(dir).filter((name) => /\.csv$/i.test(name))) {
    const rows = readCsv(join(dir, file));
    const column = Object.keys(rows[0] ?? {}).find((name) => /^IOC_/.test(name));
    if (!column) continue;
    for (const row of rows) {
      const names = Object.entries(IOC_LANGUAGES)
        .filter(([header]) => row[header])
        .map(([header, language]) => ({ language, name: row[header] }));
      if (row[column]?.split(' ').length === 2) entries.push({ scientific: row[column], names });
    }
  }
  return entries;
}
