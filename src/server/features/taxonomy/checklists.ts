import { createReadStream } from 'node:fs';
import { basename } from 'node:path';
import type { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { XMLParser } from 'fast-xml-parser';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { listZipEntries, readZipRows, readZipText } from '../../zip-entries.js';
import { nameKey } from '../../../common/taxonomy.js';
import type { Db } from '../../db/client.js';
import { recordSource } from './queries.js';
import { ebirdTaxon } from './ebird.js';
import { replaceNames, settleSynonyms, upsertTaxa, type TaxonInput } from './taxon-writes.js';

// `npm run taxa:import -- FILE`: loads a checklist into the backbone, idempotently. A Darwin
// Core Archive with a Taxon core and an optional VernacularName extension (GBIF backbone,
// Catalogue of Life, iNaturalist's taxonomy export), or the eBird/Clements taxonomy CSV. Files
// are streamed: the GBIF backbone has millions of rows.

export class ChecklistError extends Error {}

export interface ChecklistResult {
  source: string;
  taxa: number;
  names: number;
}

const BATCH = 5000;

/** Loads the checklist in `file`; `source` names it when the file does not say (gbif, col …). */
export async function importChecklist(
  db: Db,
  file: string,
  options: { source?: string } = {},
): Promise<ChecklistResult> {
  const result = file.toLowerCase().endsWith('.zip')
    ? await importDarwinCoreArchive(db, file, options.source)
    : await importClementsCsv(db, createReadStream(file), options.source ?? 'ebird');
  await settleSynonyms(db);
  await recordSource(db, result.source, basename(file), result.taxa);
  return result;
}

// ---- Darwin Core Archives

const TAXON_ROW = /\/Taxon$/;
const VERNACULAR_ROW = /\/VernacularName$/;

interface Table {
  location: string;
  delimiter: string;
  quote: string | false;
  headerLines: number;
  /** Column index by term name (the IRI's last segment): taxonID, vernacularName, language … */
  columns: Map<string, number>;
  /** The row's id (core) or core id (extension) column. */
  idColumn: number;
}

const unescapeMeta = (text: string | undefined, fallback: string) =>
  (text ?? fallback).replace(/\\t/g, '\t').replace(/\\n/g, '\n').replace(/\\r/g, '\r');

function tableOf(node: Record<string, unknown>): Table {
  const fields = [node.field ?? []].flat() as Array<Record<string, string>>;
  const columns = new Map<string, number>();
  for (const field of fields) {
    const term = field['@_term']?.split(/[/#]/).pop();
    if (term && field['@_index'] !== undefined) columns.set(term, Number(field['@_index']));
  }
  const id = (node.id ?? node.coreid) as Record<string, string> | undefined;
  const files = node.files as { location: string | string[] };
  const enclosedBy = unescapeMeta(node['@_fieldsEnclosedBy'] as string | undefined, '');
  return {
    location: [files.location].flat()[0]!,
    delimiter: unescapeMeta(node['@_fieldsTerminatedBy'] as string | undefined, ','),
    quote: enclosedBy === '' ? false : enclosedBy,
    headerLines: Number(node['@_ignoreHeaderLines'] ?? 0),
    columns,
    idColumn: Number(id?.['@_index'] ?? columns.get('taxonID') ?? 0),
  };
}

function readMeta(xml: string) {
  const meta = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true }).parse(xml) as {
    archive?: { core?: Record<string, unknown>; extension?: unknown };
  };
  const core = meta.archive?.core;
  if (!core || !TAXON_ROW.test(String(core['@_rowType']))) {
    throw new ChecklistError('This archive has no Taxon core: it is not a checklist');
  }
  const extensions = [meta.archive?.extension ?? []].flat() as Array<Record<string, unknown>>;
  // iNaturalist writes one vernacular extension a language
  const vernacular = extensions.filter((ext) => VERNACULAR_ROW.test(String(ext['@_rowType'])));
  return { core: tableOf(core), vernacular: vernacular.map(tableOf) };
}

/** The id part of a source's identifier: iNaturalist writes https://www.inaturalist.org/taxa/1. */
const localId = (value: string) => value.trim().replace(/^https?:\/\/\S+\/(?=[^/]+$)/, '');

async function importDarwinCoreArchive(db: Db, file: string, given?: string) {
  const zip = await openZip(file);
  try {
    const entries = await listZipEntries(zip, { flatten: true });
    const metaEntry = entries.get('meta.xml');
    if (!metaEntry)
      throw new ChecklistError('This zip has no meta.xml: it is not a Darwin Core Archive');
    const { core, vernacular } = readMeta(await readZipText(zip, metaEntry));
    const eml = entries.get('eml.xml');
    const source = given ?? sourceOf(eml ? await readZipText(zip, eml) : '', core);
    let taxa = 0;
    let batch: TaxonInput[] = [];
    for await (const row of readTable(zip, entries, core)) {
      const taxon = coreTaxon(row, core, source);
      if (taxon) batch.push(taxon);
      if (batch.length >= BATCH) [taxa, batch] = [taxa + (await upsertTaxa(db, batch)), []];
    }
    taxa += await upsertTaxa(db, batch);
    const replaced = new Set<string>(); // taxon|language pairs this load has written
    let names = 0;
    for (const table of vernacular) {
      names += await importVernacularNames(db, zip, entries, table, source, replaced);
    }
    return { source, taxa, names };
  } finally {
    zip.close();
  }
}

/** Which checklist the archive is, from its identifiers or its title. */
function sourceOf(eml: string, core: Table): string {
  if (/Catalogue of Life/i.test(eml)) return 'col';
  if (/GBIF Backbone/i.test(eml)) return 'gbif';
  if (/iNaturalist/i.test(eml)) return 'inaturalist';
  throw new ChecklistError(
    `Say which checklist ${core.location} belongs to: npm run taxa:import -- FILE --source NAME (gbif, col, inaturalist …)`,
  );
}

const ACCEPTED = /^(accepted|valid|doubtful|provisionally accepted)$/i;

function coreTaxon(row: string[], table: Table, source: string): TaxonInput | undefined {
  const cell = (term: string) => {
    const index = table.columns.get(term);
    const value = index === undefined ? undefined : row[index]?.trim();
    return value ? value : null;
  };
  const rawId = row[table.idColumn]?.trim() || cell('taxonID');
  const scientificName = canonicalName(cell);
  if (!rawId || !scientificName) return undefined;
  const id = `${source}:${localId(rawId)}`;
  const accepted = cell('acceptedNameUsageID');
  const status = cell('taxonomicStatus');
  const acceptedId =
    accepted && (!status || !ACCEPTED.test(status)) && `${source}:${localId(accepted)}` !== id
      ? `${source}:${localId(accepted)}`
      : null;
  return {
    id,
    scientificName,
    rank: (cell('taxonRank') ?? 'unranked').toLowerCase(),
    kingdom: cell('kingdom'),
    phylum: cell('phylum'),
    class: cell('class'),
    order: cell('order'),
    family: cell('family'),
    genus: cell('genus') ?? cell('genericName'),
    source,
    sourceId: localId(rawId),
    acceptedId,
    scientificKey: nameKey(scientificName),
    names: [],
  };
}

/** The name without its authorship: GBIF writes "Turdus merula Linnaeus, 1758". */
function canonicalName(cell: (term: string) => string | null): string | null {
  const canonical = cell('canonicalName');
  if (canonical) return canonical;
  const name = cell('scientificName');
  const authorship = cell('scientificNameAuthorship');
  if (name && authorship && name.endsWith(authorship))
    return name.slice(0, -authorship.length).trim();
  return name;
}

async function importVernacularNames(
  db: Db,
  zip: ZipFile,
  entries: Map<string, Entry>,
  table: Table,
  source: string,
  replaced: Set<string>,
): Promise<number> {
  const column = (term: string) => table.columns.get(term);
  const [nameAt, languageAt, preferredAt] = ['vernacularName', 'language', 'isPreferredName'].map(
    column,
  );
  if (nameAt === undefined) return 0;
  const named = new Set<string>();
  let count = 0;
  let batch: Array<Parameters<typeof replaceNames>[1][number]> = [];
  const flush = async () => {
    count += await replaceNames(db, batch, replaced);
    batch = [];
  };
  for await (const row of readTable(zip, entries, table)) {
    const name = row[nameAt]?.trim();
    const coreId = row[table.idColumn]?.trim();
    if (!name || !coreId) continue;
    const language = languageTag(languageAt === undefined ? undefined : row[languageAt]);
    // Without an isPreferredName column, a taxon's first name in a language is its preferred one
    const pair = `${coreId}|${language}`;
    const preferred =
      preferredAt === undefined
        ? !named.has(pair) && Boolean(named.add(pair))
        : /^(true|1|yes)$/i.test(row[preferredAt] ?? '');
    batch.push({
      taxonId: `${source}:${localId(coreId)}`,
      language,
      name,
      preferred,
      nameKey: nameKey(name),
    });
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return count;
}

// ISO 639-2/3 codes of the languages checklists name most, as the two-letter tags browsers send.
const THREE_LETTER: Record<string, string> = {
  eng: 'en',
  deu: 'de',
  ger: 'de',
  fra: 'fr',
  fre: 'fr',
  spa: 'es',
  ita: 'it',
  por: 'pt',
  nld: 'nl',
  dut: 'nl',
  swe: 'sv',
  nor: 'no',
  nob: 'nb',
  nno: 'nn',
  dan: 'da',
  fin: 'fi',
  isl: 'is',
  pol: 'pl',
  ces: 'cs',
  cze: 'cs',
  slk: 'sk',
  hun: 'hu',
  rus: 'ru',
  ukr: 'uk',
  jpn: 'ja',
  zho: 'zh',
  chi: 'zh',
  kor: 'ko',
  ara: 'ar',
  heb: 'he',
  tur: 'tr',
  ell: 'el',
  gre: 'el',
  est: 'et',
  lav: 'lv',
  lit: 'lt',
  cat: 'ca',
  eus: 'eu',
  baq: 'eu',
  glg: 'gl',
  cym: 'cy',
  wel: 'cy',
  gle: 'ga',
  afr: 'af',
  hin: 'hi',
  ind: 'id',
  vie: 'vi',
  tha: 'th',
};
const LANGUAGE_NAMES: Record<string, string> = {
  english: 'en',
  german: 'de',
  french: 'fr',
  spanish: 'es',
  italian: 'it',
  portuguese: 'pt',
  dutch: 'nl',
  swedish: 'sv',
  norwegian: 'no',
  danish: 'da',
  finnish: 'fi',
  polish: 'pl',
  russian: 'ru',
  japanese: 'ja',
  chinese: 'zh',
};

/** A language as the backbone stores it: the primary tag in lower case; 'und' when unknown. */
function languageTag(value: string | undefined): string {
  const given = (value ?? '').trim().toLowerCase();
  const primary = given.split(/[-_]/)[0] ?? '';
  if (/^[a-z]{2}$/.test(primary)) return primary;
  return THREE_LETTER[primary] ?? LANGUAGE_NAMES[given] ?? 'und';
}

// ---- eBird/Clements taxonomy CSV

const CLEMENTS_COLUMNS = {
  code: ['species_code', 'SPECIES_CODE'],
  scientific: ['SCI_NAME', 'scientific name', 'SCIENTIFIC_NAME'],
  english: ['PRIMARY_COM_NAME', 'English name', 'COMMON_NAME'],
  category: ['CATEGORY', 'category'],
  order: ['ORDER1', 'ORDER', 'order'],
  family: ['FAMILY', 'family'],
  reportAs: ['REPORT_AS', 'report as'],
};

async function importClementsCsv(db: Db, input: Readable, source: string) {
  const rows = input.pipe(parse({ bom: true, relax_column_count: true, skip_empty_lines: true }));
  let header: Map<string, number> | undefined;
  const at = (names: string[]) =>
    names.map((name) => header!.get(name.toLowerCase())).find((i) => i !== undefined);
  let names = 0;
  const loaded: TaxonInput[] = []; // about 17,000 rows
  for await (const row of rows as AsyncIterable<string[]>) {
    if (!header) {
      header = new Map(row.map((name, index) => [name.trim().toLowerCase(), index]));
      if (
        at(CLEMENTS_COLUMNS.code) === undefined ||
        at(CLEMENTS_COLUMNS.scientific) === undefined
      ) {
        throw new ChecklistError(
          'This CSV is not the eBird/Clements taxonomy: it needs SPECIES_CODE and SCI_NAME (or "scientific name") columns',
        );
      }
      continue;
    }
    const cell = (names: string[]) => {
      const index = at(names);
      return (index === undefined ? '' : (row[index] ?? '')).trim();
    };
    const code = cell(CLEMENTS_COLUMNS.code);
    const scientificName = cell(CLEMENTS_COLUMNS.scientific);
    if (!code || !scientificName) continue;
    const english = cell(CLEMENTS_COLUMNS.english);
    loaded.push(
      ebirdTaxon(
        {
          code,
          scientificName,
          english,
          category: cell(CLEMENTS_COLUMNS.category),
          order: cell(CLEMENTS_COLUMNS.order),
          family: cell(CLEMENTS_COLUMNS.family).replace(/\s*\(.*\)$/, ''), // "Turdidae (Thrushes and Allies)"
          reportAs: cell(CLEMENTS_COLUMNS.reportAs),
        },
        source,
      ),
    );
    names += english ? 1 : 0;
  }
  if (!header) throw new ChecklistError('The file is empty');
  // eBird's taxa are the birds' accepted ones (issue 33): given whole, they prevail
  const taxa = await upsertTaxa(db, loaded, { prevail: true });
  return { source, taxa, names };
}

// ---- zip reading (yauzl)

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error
        ? reject(new ChecklistError(`Cannot read ${basename(file)} as a zip: ${error.message}`))
        : resolve(zip),
    ),
  );

async function* readTable(zip: ZipFile, entries: Map<string, Entry>, table: Table) {
  const entry = entries.get(table.location.replace(/^.*\//, ''));
  if (!entry)
    throw new ChecklistError(`The archive names ${table.location}, which it does not hold`);
  yield* readZipRows(zip, entry, table);
}
