import { basename } from 'node:path';
import { parse } from 'csv-parse';
import { XMLParser } from 'fast-xml-parser';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { listZipEntries, openZipEntry, readZipRows, readZipText } from '../../zip-entries.js';

// Issue 36: a GBIF occurrence download as the reference import reads it. Either a Darwin Core
// Archive (meta.xml says where the Occurrence core is, how it is delimited and which column
// holds which term; metadata.xml or eml.xml holds the title, citation, DOI and licence) or
// GBIF's "simple CSV" (a zip holding one tab-separated <key>.csv, no metadata). The core is
// streamed a row at a time: real downloads are gigabytes.

export class ReferenceFileError extends Error {}

/** What the file says about itself: shown on /admin, the DOI names the set. */
export interface ReferenceMetadata {
  title: string;
  citation: string | null;
  doi: string | null;
  license: string | null;
}

/** A row's value of a term (its IRI's last segment: decimalLatitude, species …), '' if none. */
export type TermReader = (row: string[], term: string) => string;

export interface OpenReference {
  kind: 'dwca' | 'simple-csv';
  metadata: ReferenceMetadata;
  /** Whether the file has a column (or a default) for the term. */
  has(term: string): boolean;
  value: TermReader;
  rows(): AsyncIterable<string[]>;
  close(): void;
}

interface Table {
  location: string;
  delimiter: string;
  quote: string | false;
  headerLines: number;
  columns: Map<string, number>;
  defaults: Map<string, string>;
}

const OCCURRENCE_ROW = /\/Occurrence$/;

const unescapeMeta = (text: string | undefined, fallback: string) =>
  (text ?? fallback).replace(/\\t/g, '\t').replace(/\\n/g, '\n').replace(/\\r/g, '\r');

const termOf = (iri: string | undefined) => iri?.split(/[/#]/).pop();

function tableOf(node: Record<string, unknown>): Table {
  const columns = new Map<string, number>();
  const defaults = new Map<string, string>();
  for (const field of [node.field ?? []].flat() as Array<Record<string, string>>) {
    const term = termOf(field['@_term']);
    if (!term) continue;
    if (field['@_index'] !== undefined) columns.set(term, Number(field['@_index']));
    else if (field['@_default'] !== undefined) defaults.set(term, field['@_default']);
  }
  const files = node.files as { location?: string | string[] } | undefined;
  const location = [files?.location ?? []].flat()[0];
  if (!location) throw new ReferenceFileError('meta.xml names no file for the Occurrence core');
  const enclosedBy = unescapeMeta(node['@_fieldsEnclosedBy'] as string | undefined, '');
  return {
    location: String(location),
    delimiter: unescapeMeta(node['@_fieldsTerminatedBy'] as string | undefined, ','),
    quote: enclosedBy === '' ? false : enclosedBy,
    headerLines: Number(node['@_ignoreHeaderLines'] ?? 0),
    columns,
    defaults,
  };
}

const xml = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true });

function readMeta(text: string): { table: Table; metadataFile: string | null } {
  const meta = xml.parse(text) as { archive?: Record<string, unknown> };
  const core = meta.archive?.core as Record<string, unknown> | undefined;
  if (!core || !OCCURRENCE_ROW.test(String(core['@_rowType']))) {
    throw new ReferenceFileError(
      'This archive has no Occurrence core: it is not an occurrence download',
    );
  }
  const metadataFile = meta.archive?.['@_metadata'];
  return {
    table: tableOf(core),
    metadataFile: typeof metadataFile === 'string' ? metadataFile : null,
  };
}

// ---- the EML of metadata.xml (GBIF's downloads) or eml.xml (an IPT's archive)

const DOI = /10\.\d{4,9}\/[^\s"<>]+/;

/** A DOI without its resolver or scheme: 10.15468/dl.abc123. */
const doiIn = (text: unknown) => (typeof text === 'string' ? (DOI.exec(text)?.[0] ?? null) : null);

/** The text of a parsed node: a string, or its '#text' when it has attributes. */
function textOf(node: unknown): string | null {
  if (node == null) return null;
  if (typeof node === 'string' || typeof node === 'number') {
    const text = String(node).replace(/\s+/g, ' ').trim();
    return text || null;
  }
  if (Array.isArray(node)) return textOf(node[0]);
  if (typeof node === 'object') {
    const record = node as Record<string, unknown>;
    if ('#text' in record) return textOf(record['#text']);
    const parts = Object.entries(record)
      .filter(([key]) => !key.startsWith('@_'))
      .map(([, value]) => textOf(value))
      .filter(Boolean);
    return parts.length > 0 ? parts.join(' ') : null;
  }
  return null;
}

/** The licence of the EML's intellectualRights: the Creative Commons page it links, else its text. */
function licenseOf(rights: unknown): string | null {
  if (!rights) return null;
  const found = JSON.stringify(rights).match(/https?:\/\/creativecommons\.org\/[^"\s]+/);
  const text = found ? found[0] : textOf(rights);
  return text ? text.slice(0, 200) : null;
}

export function readEml(text: string): Partial<ReferenceMetadata> {
  const eml = (xml.parse(text) as { eml?: Record<string, unknown> }).eml ?? {};
  const dataset = (eml.dataset ?? {}) as Record<string, unknown>;
  const gbif = ((
    eml.additionalMetadata as { metadata?: { gbif?: Record<string, unknown> } } | undefined
  )?.metadata?.gbif ?? {}) as Record<string, unknown>;
  const citationNode = [gbif.citation ?? []].flat()[0] as
    string | Record<string, unknown> | undefined;
  const citation = textOf(citationNode);
  const identifier =
    typeof citationNode === 'object' ? (citationNode['@_identifier'] as unknown) : undefined;
  const alternates = [dataset.alternateIdentifier ?? []].flat().map(textOf);
  const doi = alternates.map(doiIn).find(Boolean) ?? doiIn(identifier) ?? doiIn(citation) ?? null;
  const title = textOf(dataset.title);
  return {
    ...(title ? { title } : {}),
    citation: citation ?? (title && doi ? `${title}. https://doi.org/${doi}` : null),
    doi,
    license: licenseOf(dataset.intellectualRights),
  };
}

// ---- zip reading (yauzl)

const openZip = (file: string) =>
  new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error
        ? reject(new ReferenceFileError(`Cannot read ${basename(file)} as a zip: ${error.message}`))
        : resolve(zip),
    ),
  );

/** An entry by its name, at the top or in the one folder some archives nest everything in. */
function entryNamed(entries: Map<string, Entry>, name: string): Entry | undefined {
  const wanted = name.replace(/^.*\//, '');
  return (
    entries.get(name) ?? [...entries.values()].find((entry) => basename(entry.fileName) === wanted)
  );
}

const readTable = (zip: ZipFile, entry: Entry, table: Table) => readZipRows(zip, entry, table);

/** GBIF's simple CSV: tab-separated, one header line, no quoting (a value may hold a quote). */
async function simpleCsvTable(zip: ZipFile, entry: Entry): Promise<Table> {
  const parser = (await openZipEntry(zip, entry)).pipe(
    parse({ bom: true, delimiter: '\t', quote: false, to_line: 1, relax_column_count: true }),
  );
  let header: string[] = [];
  for await (const row of parser as AsyncIterable<string[]>) header = row;
  if (header.length === 0) throw new ReferenceFileError(`${entry.fileName} is empty`);
  return {
    location: entry.fileName,
    delimiter: '\t',
    quote: false,
    headerLines: 1,
    columns: new Map(header.map((name, index) => [termOf(name.trim()) ?? name, index])),
    defaults: new Map(),
  };
}

/** Opens a GBIF download (either kind) or any Darwin Core Archive with an Occurrence core. */
export async function openReference(file: string): Promise<OpenReference> {
  const zip = await openZip(file);
  try {
    const entries = await listZipEntries(zip);
    const metaEntry = entryNamed(entries, 'meta.xml');
    let kind: OpenReference['kind'];
    let table: Table;
    let metadata: Partial<ReferenceMetadata> = {};
    if (metaEntry) {
      kind = 'dwca';
      const meta = readMeta(await readZipText(zip, metaEntry));
      table = meta.table;
      const emlEntry = [meta.metadataFile, 'metadata.xml', 'eml.xml']
        .filter((name): name is string => Boolean(name))
        .map((name) => entryNamed(entries, name))
        .find(Boolean);
      if (emlEntry) metadata = readEml(await readZipText(zip, emlEntry));
    } else {
      const tables = [...entries.values()].filter((entry) => /\.(csv|txt)$/i.test(entry.fileName));
      if (tables.length !== 1) {
        throw new ReferenceFileError(
          'This zip is neither a Darwin Core Archive (no meta.xml) nor a GBIF simple CSV download (one .csv file)',
        );
      }
      kind = 'simple-csv';
      table = await simpleCsvTable(zip, tables[0]!);
      const key = basename(tables[0]!.fileName).replace(/\.(csv|txt)$/i, '');
      metadata = { title: `GBIF occurrence download ${key}` };
    }
    const coreEntry = entryNamed(entries, table.location);
    if (!coreEntry) {
      throw new ReferenceFileError(`The archive names ${table.location}, which it does not hold`);
    }
    if (!table.columns.has('decimalLatitude') && !table.defaults.has('decimalLatitude')) {
      throw new ReferenceFileError(`${table.location} has no decimalLatitude column`);
    }
    const { columns, defaults } = table;
    return {
      kind,
      metadata: {
        title: metadata.title ?? basename(file).replace(/\.zip$/i, ''),
        citation: metadata.citation ?? null,
        doi: metadata.doi ?? null,
        license: metadata.license ?? null,
      },
      has: (term) => columns.has(term) || defaults.has(term),
      value: (row, term) => {
        const index = columns.get(term);
        return (index === undefined ? defaults.get(term) : row[index])?.trim() ?? '';
      },
      rows: () => readTable(zip, coreEntry, table),
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}
