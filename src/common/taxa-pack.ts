import { unitOfScientificName } from './likely-pack.js';
import { matchTier, nameKey } from './name-key.js';
import { TAXON_GROUPS, type TaxonGroup } from './taxon-groups.js';
import type { TaxonHit } from './taxonomy.js';

// The offline species pack (issue 20, docs/decisions/012-offline-taxa-pack.md): the backbone as
// one compact text that GET /api/taxa/pack serves and the web app's worker searches. The search
// here ranks exactly as the server's SQL (server/features/taxonomy/queries.ts searchTaxa), so a
// picker answers the same online and offline.
//
// The text: a JSON header line, then a line a taxon, its fields separated by tabs:
//   id  scientific name  rank  kingdom  standing  [common name  [other names …]]
// - taxa come in groups of one id prefix ("gbif:"), in the header's order; a numeric group is
//   sorted by number and writes each id as its difference to the previous one, in base 36
//   (GBIF's neighbouring ids are related species: this halves the ids' gzip size); another
//   group writes the id's rest as it is;
// - rank and kingdom are indexes into the header's lists; an empty rank is the first one, an
//   empty kingdom is none;
// - standing is the taxon's notability, its regions and its group (1 + its index in
//   TAXON_GROUPS, 0 for none), in base 36, separated by dots, trailing zeros left out (`1a.4.1`,
//   `3`); empty when all are 0;
// - the first name is the one to show (in the pack's language, else English), empty when there
//   is none; the others are the taxon's other names in those languages and its synonyms'
//   names and scientific names, found by the search but not shown.

/** Bumped when the text's layout changes: a client drops a pack of another format. */
export const TAXA_PACK_FORMAT = 4;

/**
 * At most this many taxa go in a pack: the default backbone's 114,000 (its species, genera,
 * families … and the birds) and room for a regional checklist. A
 * larger backbone (a GBIF import) is cut, taxa with a common name first; the header then says
 * `complete: false` and the web app asks the server while it is online.
 */
export const TAXA_PACK_CAP = 130_000;

export interface TaxaPackHeader {
  format: number;
  /** The language of the names besides English (`en` when the backbone has none in another). */
  language: string;
  taxa: number;
  /** False when the backbone holds more taxa than the pack (TAXA_PACK_CAP). */
  complete: boolean;
  ranks: string[];
  kingdoms: string[];
  groups: Array<{ prefix: string; count: number; numeric: boolean }>;
}

/** A taxon as it goes into a pack: its names to show first, then the others. */
export interface PackTaxon {
  id: string;
  scientificName: string;
  rank: string;
  kingdom: string | null;
  /** In how many languages it has a name. */
  notability: number;
  /** The regions of its range (bits of common/regions.ts); 0 when unknown. */
  regions: number;
  group: TaxonGroup | null;
  names: string[];
}

const NUMERIC = /^(0|[1-9]\d{0,14})$/;
const prefixOf = (id: string) => id.slice(0, id.indexOf(':') + 1);
/** Tabs and line breaks would split a line: they become spaces (a name key reads them so). */
const field = (text: string) => text.replace(/[\t\n\r]/g, ' ');

/** Values by falling frequency: the commonest rank gets index 0, which a line leaves empty. */
function byFrequency(values: string[]): string[] {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([value]) => value);
}

/** The pack's text for these taxa. */
export function encodeTaxaPack(
  taxa: PackTaxon[],
  { language, complete }: { language: string; complete: boolean },
): string {
  const ranks = byFrequency(taxa.map((taxon) => taxon.rank));
  const kingdoms = byFrequency(taxa.flatMap((taxon) => (taxon.kingdom ? [taxon.kingdom] : [])));
  const rankIndex = new Map(ranks.map((rank, index) => [rank, index]));
  const kingdomIndex = new Map(kingdoms.map((kingdom, index) => [kingdom, index]));
  const grouped = new Map<string, PackTaxon[]>();
  for (const taxon of taxa) {
    const prefix = prefixOf(taxon.id);
    const members = grouped.get(prefix);
    if (members) members.push(taxon);
    else grouped.set(prefix, [taxon]);
  }
  const groups: TaxaPackHeader['groups'] = [];
  const lines: string[] = [];
  for (const [prefix, members] of [...grouped].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const rest = (taxon: PackTaxon) => taxon.id.slice(prefix.length);
    const numeric = members.every((taxon) => NUMERIC.test(rest(taxon)));
    members.sort(
      numeric
        ? (a, b) => Number(rest(a)) - Number(rest(b))
        : (a, b) => (rest(a) < rest(b) ? -1 : rest(a) > rest(b) ? 1 : 0),
    );
    groups.push({ prefix, count: members.length, numeric });
    let previous = 0;
    for (const taxon of members) {
      let id = field(rest(taxon));
      if (numeric) {
        id = (Number(id) - previous).toString(36);
        previous = Number(rest(taxon));
      }
      const rank = rankIndex.get(taxon.rank)!;
      const kingdom = taxon.kingdom === null ? '' : String(kingdomIndex.get(taxon.kingdom));
      const parts = [
        taxon.notability,
        taxon.regions,
        taxon.group ? TAXON_GROUPS.indexOf(taxon.group) + 1 : 0,
      ];
      while (parts.length > 0 && parts.at(-1) === 0) parts.pop();
      const standing = parts.map((part) => part.toString(36)).join('.');
      lines.push(
        [id, field(taxon.scientificName), rank === 0 ? '' : String(rank), kingdom, standing]
          .concat(taxon.names.map(field))
          .join('\t'),
      );
    }
  }
  const header: TaxaPackHeader = {
    format: TAXA_PACK_FORMAT,
    language,
    taxa: taxa.length,
    complete,
    ranks,
    kingdoms,
    groups,
  };
  return [JSON.stringify(header), ...lines].join('\n');
}

export class TaxaPackError extends Error {}

/** A pack read for searching: the taxa, and every searchable key with its taxon and length. */
export interface TaxaIndex {
  header: TaxaPackHeader;
  taxa: TaxonHit[];
  /** The scientific names' keys (index i is taxon i), then the other names' keys. */
  keys: string[];
  /** The taxon of each key. */
  owner: Uint32Array;
  /** Each key's length in characters (as PostgreSQL's length() counts them). */
  length: Uint16Array;
  /** Each taxon's notability and regions. */
  notability: Uint16Array;
  regions: Uint8Array;
  /** Reused by the searches: each taxon's best tier and shortest matching key so far. */
  tier: Uint8Array;
  best: Uint16Array;
  /** Reused by the searches: 1 for a matching taxon likely at the place and season. */
  likely: Uint8Array;
  /** Each taxon's species unit (unitOfScientificName), computed when first searched with one. */
  units: Array<string | null | undefined>;
}

/** Reads a pack's text and computes its name keys. Throws TaxaPackError on a foreign text. */
export function readTaxaPack(text: string): TaxaIndex {
  const firstBreak = text.indexOf('\n');
  let header: TaxaPackHeader;
  try {
    header = JSON.parse(firstBreak < 0 ? text : text.slice(0, firstBreak)) as TaxaPackHeader;
  } catch {
    throw new TaxaPackError('This is not a species pack');
  }
  if (header.format !== TAXA_PACK_FORMAT) {
    throw new TaxaPackError(`Species pack format ${header.format} is not ${TAXA_PACK_FORMAT}`);
  }
  const lines = firstBreak < 0 ? [] : text.slice(firstBreak + 1).split('\n');
  if (lines.length !== header.taxa) {
    throw new TaxaPackError(`The species pack holds ${lines.length} taxa, not ${header.taxa}`);
  }
  const taxa: TaxonHit[] = new Array(lines.length);
  const keys: string[] = new Array(lines.length);
  const owners: number[] = [];
  const notability = new Uint16Array(lines.length);
  const regions = new Uint8Array(lines.length);
  let line = 0;
  for (const group of header.groups) {
    let previous = 0;
    for (let n = 0; n < group.count; n += 1, line += 1) {
      const fields = lines[line]!.split('\t');
      let rest = fields[0]!;
      if (group.numeric) {
        previous += parseInt(rest, 36);
        rest = String(previous);
      }
      const scientificName = fields[1]!;
      const [known = '', where = '', kind = ''] = (fields[4] ?? '').split('.');
      notability[line] = known ? parseInt(known, 36) : 0;
      regions[line] = where ? parseInt(where, 36) : 0;
      const kindOf = kind ? (TAXON_GROUPS[parseInt(kind, 36) - 1] ?? null) : null;
      taxa[line] = {
        id: group.prefix + rest,
        scientificName,
        commonName: fields[5] || null,
        rank: header.ranks[fields[2] ? Number(fields[2]) : 0]!,
        kingdom: fields[3] ? header.kingdoms[Number(fields[3])]! : null,
        group: kindOf,
      };
      keys[line] = nameKey(scientificName);
      for (let f = 5; f < fields.length; f += 1) {
        keys.push(nameKey(fields[f]!));
        owners.push(line);
      }
    }
  }
  const owner = new Uint32Array(keys.length);
  for (let i = 0; i < lines.length; i += 1) owner[i] = i;
  owner.set(owners, lines.length);
  const length = new Uint16Array(keys.length);
  for (let i = 0; i < keys.length; i += 1) length[i] = codePoints(keys[i]!);
  return {
    header,
    taxa,
    keys,
    owner,
    length,
    notability,
    regions,
    tier: new Uint8Array(taxa.length).fill(NO_MATCH),
    best: new Uint16Array(taxa.length),
    likely: new Uint8Array(taxa.length),
    units: new Array<string | null | undefined>(taxa.length),
  };
}

const NO_MATCH = 255;
const SURROGATE = /[\uD800-\uDFFF]/;
const codePoints = (text: string) =>
  Math.min(SURROGATE.test(text) ? [...text].length : text.length, 0xffff);

/** C collation, as the server orders ties (`COLLATE "C"`): by code point. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Where a taxon stands for the place's `region` (0: unknown place): living there, of unknown
 * range, living elsewhere. The SQL's `place` in searchTaxa.
 */
const placeOf = (regions: number, region: number) =>
  region === 0 || (regions & region) !== 0 ? 0 : regions === 0 ? 1 : 2;

/**
 * The taxa of the pack whose scientific name or another name holds `text`, ranked as
 * GET /api/taxa ranks them (server/features/taxonomy/queries.ts): the whole name, the place
 * (placeOf), a start of a name or word before a match inside a word, the notability (higher
 * first), the tier, the shortest matching name; then the id for who makes the cut, and the
 * scientific name (then the id) for the order. Keys shorter than three characters match only
 * starts of scientific names and starts of words of other names. With `likely` (the species
 * units likely at the place and season: common/likely-pack.ts), taxa of those units come right
 * after the whole name, marked `likely: true`.
 */
export function searchTaxaPack(
  index: TaxaIndex,
  text: string,
  limit: number,
  region = 0,
  likely?: ReadonlySet<string>,
): TaxonHit[] {
  const key = nameKey(text);
  if (key === '' || limit <= 0) return [];
  const { keys, owner, length, tier, best, taxa, notability, regions } = index;
  const { likely: seen, units } = index;
  const scientific = taxa.length;
  const short = key.length < 3;
  const touched: number[] = [];
  for (let i = 0; i < keys.length; i += 1) {
    const candidate = keys[i]!;
    let found: number | undefined;
    if (short) {
      if (i < scientific) {
        if (candidate.startsWith(key)) found = candidate.length === key.length ? 0 : 1;
      } else if (candidate.includes(key)) {
        found = matchTier(candidate, key);
        if (found === 3) found = undefined;
      }
    } else if (candidate.includes(key)) {
      found = matchTier(candidate, key);
    }
    if (found === undefined) continue;
    const taxon = owner[i]!;
    if (tier[taxon] === NO_MATCH) {
      touched.push(taxon);
      tier[taxon] = found;
      best[taxon] = length[i]!;
    } else {
      // as the SQL's min(tier), min(len): both over all the taxon's matching keys
      if (found < tier[taxon]!) tier[taxon] = found;
      if (length[i]! < best[taxon]!) best[taxon] = length[i]!;
    }
  }
  if (likely && likely.size > 0) {
    for (const taxon of touched) {
      let unit = units[taxon];
      if (unit === undefined)
        unit = units[taxon] = unitOfScientificName(taxa[taxon]!.scientificName);
      seen[taxon] = unit !== null && likely.has(unit) ? 1 : 0;
    }
  }
  const rank = (a: number, b: number) =>
    Number(tier[a]! > 0) - Number(tier[b]! > 0) ||
    seen[b]! - seen[a]! ||
    placeOf(regions[a]!, region) - placeOf(regions[b]!, region) ||
    Number(tier[a] === 3) - Number(tier[b] === 3) ||
    notability[b]! - notability[a]! ||
    tier[a]! - tier[b]! ||
    best[a]! - best[b]!;
  const cut = (a: number, b: number) => rank(a, b) || compareText(taxa[a]!.id, taxa[b]!.id);
  const kept = firstOf(touched, limit, cut);
  kept.sort(
    (a, b) =>
      rank(a, b) ||
      compareText(taxa[a]!.scientificName, taxa[b]!.scientificName) ||
      compareText(taxa[a]!.id, taxa[b]!.id),
  );
  const result = kept.map((taxon) =>
    seen[taxon] ? { ...taxa[taxon]!, likely: true } : taxa[taxon]!,
  );
  for (const taxon of touched) {
    tier[taxon] = NO_MATCH;
    seen[taxon] = 0;
  }
  return result;
}

/** The `limit` smallest of `items` by `compare`, without sorting them all. */
function firstOf(items: number[], limit: number, compare: (a: number, b: number) => number) {
  if (items.length <= limit) return [...items];
  const kept: number[] = [];
  for (const item of items) {
    if (kept.length === limit && compare(item, kept[limit - 1]!) >= 0) continue;
    let at = kept.length === limit ? limit - 1 : kept.length;
    while (at > 0 && compare(item, kept[at - 1]!) < 0) at -= 1;
    kept.splice(at, 0, item);
    if (kept.length > limit) kept.pop();
  }
  return kept;
}
