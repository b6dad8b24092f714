import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import {
  encodeTaxaPack,
  TAXA_PACK_CAP,
  type PackTaxon,
  type TaxaPackHeader,
} from '../../../common/taxa-pack.js';
import { taxonGroup } from '../../../common/taxon-groups.js';
import { textRepresentations, type TextRepresentations } from '../../conditional-get.js';
import type { Db } from '../../db/client.js';
import { taxa, taxonNames, taxonSources } from '../../db/schema.js';

// GET /api/taxa/pack: the backbone as the web app's offline pack (common/taxa-pack.ts), built
// from the database once per language and backbone version and kept in memory, gzipped.

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

export interface BuiltPack extends TextRepresentations {
  header: TaxaPackHeader;
}

interface BackboneState {
  /** Changes whenever a checklist is loaded or taxa or names are added. */
  version: string;
  languages: Set<string>;
}

/**
 * What the backbone is now: its sources' versions and load times (a re-import of the same
 * checklist has a new one) and its row counts (the first start's seeding adds rows for about
 * 20 s before it records its source).
 */
async function backboneVersion(db: Db): Promise<string> {
  const [row] = rowsOf<{ sources: string | null; taxa: number; names: number }>(
    await db.execute(sql`SELECT
      (SELECT string_agg(source || ' ' || version || ' ' || taxa || ' ' || loaded_at::text, '|'
        ORDER BY source COLLATE "C") FROM ${taxonSources}) AS sources,
      (SELECT count(*)::int FROM ${taxa}) AS taxa,
      (SELECT count(*)::int FROM ${taxonNames}) AS names`),
  );
  return `${row?.sources ?? ''}#${row?.taxa ?? 0}#${row?.names ?? 0}`;
}

async function languagesOf(db: Db): Promise<Set<string>> {
  const rows = rowsOf<{ language: string }>(
    await db.execute(sql`SELECT DISTINCT language FROM ${taxonNames}`),
  );
  return new Set(rows.map((row) => row.language));
}

/** Taxa a log links to: accepted ones, and synonyms of a taxon the backbone lacks. */
const linkable = sql`NOT EXISTS (SELECT 1 FROM ${taxa} a WHERE a.id = t.accepted_id)`;

/**
 * The taxa of the pack in `language` with their names, the one to show first; a synonym's names
 * and scientific name are other names of its accepted taxon, as in GET /api/taxa.
 */
async function packTaxa(db: Db, language: string, cap: number) {
  const [count] = rowsOf<{ n: number }>(
    await db.execute(sql`SELECT count(*)::int AS n FROM ${taxa} t WHERE ${linkable}`),
  );
  const complete = (count?.n ?? 0) <= cap;
  // Over the cap, taxa with a name in the language or English come first: those are the ones
  // people type.
  const chosen = complete
    ? sql`SELECT id, scientific_name, rank, kingdom, phylum, class, notability, regions
        FROM ${taxa} t WHERE ${linkable}`
    : sql`SELECT t.id, t.scientific_name, t.rank, t.kingdom, t.phylum, t.class, t.notability,
        t.regions FROM ${taxa} t WHERE ${linkable}
        ORDER BY EXISTS (SELECT 1 FROM ${taxonNames} n
            WHERE n.taxon_id = t.id AND n.language IN (${language}, 'en')) DESC, t.id COLLATE "C"
        LIMIT ${cap}`;
  const taxonRows = rowsOf<{
    id: string;
    scientific_name: string;
    rank: string;
    kingdom: string | null;
    phylum: string | null;
    class: string | null;
    notability: number;
    regions: number;
  }>(await db.execute(chosen));
  // the order of GET /api/taxa's shown name (shownName): the language's before English, the
  // taxon's own before its synonyms', preferred first
  const members = sql`
    WITH chosen AS (${chosen})
    SELECT c.id AS taxon_id, c.id AS member FROM chosen c
    UNION ALL
    SELECT c.id, s.id FROM chosen c JOIN ${taxa} s ON s.accepted_id = c.id`;
  const nameRows = rowsOf<{ taxon_id: string; name: string; name_key: string }>(
    await db.execute(sql`
      WITH members AS (${members})
      SELECT m.taxon_id, n.name, n.name_key
      FROM members m JOIN ${taxonNames} n ON n.taxon_id = m.member
      WHERE n.language IN (${language}, 'en')
      ORDER BY m.taxon_id, n.language = ${language} DESC, m.member = m.taxon_id DESC,
        n.preferred DESC, n.name COLLATE "C"`),
  );
  const synonymRows = rowsOf<{ taxon_id: string; name: string; name_key: string }>(
    await db.execute(sql`
      WITH members AS (${members})
      SELECT m.taxon_id, s.scientific_name AS name, s.scientific_key AS name_key
      FROM members m JOIN ${taxa} s ON s.id = m.member
      WHERE m.member <> m.taxon_id
      ORDER BY m.taxon_id, s.scientific_name COLLATE "C", s.id COLLATE "C"`),
  );
  const names = new Map<string, { list: string[]; keys: Set<string> }>();
  const add = (row: { taxon_id: string; name: string; name_key: string }) => {
    let entry = names.get(row.taxon_id);
    if (!entry) names.set(row.taxon_id, (entry = { list: [], keys: new Set() }));
    // the same name in both languages is searched once
    if (entry.keys.has(row.name_key)) return;
    entry.keys.add(row.name_key);
    entry.list.push(row.name);
  };
  nameRows.forEach(add);
  // a taxon with only synonyms' scientific names shows no common name: an empty first one
  for (const row of synonymRows)
    if (!names.has(row.taxon_id)) add({ ...row, name: '', name_key: '' });
  synonymRows.forEach(add);
  const packed: PackTaxon[] = taxonRows.map((row) => ({
    id: row.id,
    scientificName: row.scientific_name,
    rank: row.rank,
    kingdom: row.kingdom,
    notability: row.notability,
    regions: row.regions,
    group: taxonGroup(row),
    names: names.get(row.id)?.list ?? [],
  }));
  return { taxa: packed, complete };
}

async function buildPack(db: Db, language: string, cap: number): Promise<BuiltPack> {
  const { taxa: packed, complete } = await packTaxa(db, language, cap);
  const text = encodeTaxaPack(packed, { language, complete });
  return {
    header: JSON.parse(text.split('\n', 1)[0]!) as TaxaPackHeader,
    ...(await textRepresentations(text)),
  };
}

/**
 * The packs of one server: a pack is built on its first request for a language and backbone
 * version (about a second for the default backbone) and kept until the backbone changes.
 * Languages the backbone has no names in share the English pack.
 */
export class TaxaPacks {
  private state: { version: string; at: Promise<BackboneState> } | undefined;
  private readonly packs = new LRUCache<string, Promise<BuiltPack>>({ max: 8 });

  constructor(
    private readonly db: Db,
    private readonly cap = TAXA_PACK_CAP,
  ) {}

  async get(requested: string): Promise<BuiltPack> {
    const { version, languages } = await this.backbone();
    const language = languages.has(requested) ? requested : 'en';
    const key = `${language} ${version}`;
    let pack = this.packs.get(key);
    if (!pack) {
      pack = buildPack(this.db, language, this.cap);
      this.packs.set(key, pack);
      // a failed build is tried again by the next request
      pack.catch(() => this.packs.get(key) === pack && this.packs.delete(key));
    }
    return pack;
  }

  private async backbone(): Promise<BackboneState> {
    const version = await backboneVersion(this.db);
    if (this.state?.version !== version) {
      // packs of an older backbone are never asked for again
      if (this.state) this.packs.clear();
      const at = languagesOf(this.db).then((languages) => ({ version, languages }));
      this.state = { version, at };
      at.catch(() => this.state?.at === at && (this.state = undefined));
    }
    return this.state.at;
  }
}
