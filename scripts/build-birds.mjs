#!/usr/bin/env node
// Builds datasets/birds/birds.json.br, the bird list a new instance loads (issue 33), from the
// raw files datasets/birds/SOURCES.md lists, kept in RAW_DIR (they are not committed):
//   RAW_DIR/ebird/*.csv        eBird taxonomies, one a year: the newest is the list, the older
//                              ones give former scientific and English names by species code
//   RAW_DIR/avilist/*.csv      AviList: former names across authorities, protonyms, English names
//   RAW_DIR/wikispecies/*.json species-names-dataset's Aves: names in other languages
//   RAW_DIR/ioc/*.csv          optional, the IOC multilingual list as CSV: first for every language
// Usage: node scripts/build-birds.mjs RAW_DIR [--out FILE]     (prints what it built)
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import { regionsOfRange } from './birds/ranges.mjs';
import {
  readAvilist,
  readAvilistRanges,
  readEbird,
  readIoc,
  readWikispecies,
} from './birds/sources.mjs';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string', default: 'datasets/birds/birds.json.br' } },
});
const [raw] = positionals;
if (!raw) {
  console.error('Usage: node scripts/build-birds.mjs RAW_DIR [--out FILE]');
  process.exit(2);
}

/** Names compared without case, accents or spacing, as the app's nameKey does. */
const key = (name) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ø/g, 'o')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
const epithet = (scientific) => scientific.trim().split(/\s+/).pop().toLowerCase();
/** The same species epithet, but for Latin gender agreement (-us, -a, -um …) after a move. */
function sameEpithet(a, b) {
  const stem = (word) => word.replace(/(us|a|um|is|e|ensis|ense|er|ra|rum)$/, '');
  const [x, y] = [epithet(a), epithet(b)];
  return x === y || (stem(x).length >= 4 && stem(x) === stem(y));
}

// ---- the list: the newest eBird taxonomy, one taxon a row, every category

const ebird = readEbird(join(raw, 'ebird'));
const current = ebird.at(-1);
const history = ebird.slice(0, -1);
const avilist = readAvilist(join(raw, 'avilist'));
const taxa = current.rows.map((row) => ({ ...row, names: new Map() }));
const byCode = new Map(taxa.map((taxon) => [taxon.code, taxon]));
const speciesByName = new Map(
  taxa.filter((t) => t.category === 'species').map((t) => [t.scientific, t]),
);

// auk's copy of the 2025 list folds English names to ASCII (Rüppell's → Ruppell's): the
// previous year's list or AviList gives the accents back
const previous = new Map((history.at(-1)?.rows ?? []).map((row) => [row.code, row.english]));
const avilistByCode = new Map(avilist.rows.filter((r) => r.code).map((r) => [r.code, r]));
let accented = 0;
for (const taxon of taxa) {
  const candidates = [
    previous.get(taxon.code),
    ...(avilistByCode.get(taxon.code)?.englishNames ?? []),
  ];
  const found = candidates.find((c) => c && c !== taxon.english && key(c) === key(taxon.english));
  if (found && /[^\p{ASCII}]/u.test(found)) [taxon.english, accented] = [found, accented + 1];
}

// ---- former names, by species code: kind s (scientific), p (protonym), e (English)

const synonyms = new Map(); // name → Map(code → kind)
const counts = {
  formerScientific: 0,
  formerOther: 0,
  formerEnglish: 0,
  avilist: 0,
  protonym: 0,
  wikispecies: 0,
};
/** Adds a former name of a species; false when it is a current name or known already. */
function addSynonym(name, code, kind) {
  name = name.replace(/\s+/g, ' ').trim();
  const taxon = byCode.get(code);
  if (!name || !taxon || key(name) === key(taxon.scientific) || key(name) === key(taxon.english))
    return false;
  if (kind !== 'e' && speciesByName.has(name)) return false; // another species' name now
  const codes = synonyms.get(name) ?? new Map();
  synonyms.set(name, codes);
  if (codes.has(code)) return false;
  codes.set(code, kind);
  return true;
}
/** Former scientific names → code, to match name lists that still use them. */
const formerName = new Map();

for (const { rows } of history) {
  for (const row of rows) {
    const taxon = byCode.get(row.code);
    // a slash, spuh or hybrid of the same code under an older name ("Tringa melanoleuca/
    // flavipes", "Passerellidae sp. (sparrow sp.)"): the same taxon
    if (row.category !== 'species' && taxon && taxon.category === row.category) {
      if (row.scientific !== taxon.scientific && addSynonym(row.scientific, row.code, 's'))
        counts.formerOther += 1;
      continue;
    }
    // a code now of another category, or a name of another epithet: a split or a lump
    if (row.category !== 'species' || taxon?.category !== 'species') continue;
    if (!sameEpithet(row.scientific, taxon.scientific)) continue;
    if (row.scientific !== taxon.scientific) {
      if (addSynonym(row.scientific, row.code, 's')) counts.formerScientific += 1;
      if (!formerName.has(row.scientific)) formerName.set(row.scientific, row.code);
    }
    for (const english of [row.english, row.iocEnglish]) {
      if (english && addSynonym(english, row.code, 'e')) counts.formerEnglish += 1;
    }
  }
}
for (const row of avilist.rows) {
  const taxon = row.code && byCode.get(row.code);
  if (!taxon || taxon.category !== 'species') continue;
  if (row.scientific !== taxon.scientific) {
    if (addSynonym(row.scientific, row.code, 's')) counts.avilist += 1;
    if (!formerName.has(row.scientific)) formerName.set(row.scientific, row.code);
  }
  if (/^[A-Z][a-z]+ [a-z]+$/.test(row.protonym) && addSynonym(row.protonym, row.code, 'p'))
    counts.protonym += 1;
  for (const english of row.englishNames)
    if (addSynonym(english, row.code, 'e')) counts.avilist += 1;
}

// ---- names in other languages: the IOC's when given, then Wikispecies'

const VARIANTS = {
  'pt-br': 'pt',
  'zh-hans': 'zh',
  'zh-cn': 'zh',
  'zh-hant': 'zh',
  'zh-tw': 'zh',
  'zh-hk': 'zh',
  no: 'nb',
};
/** A source's language as the primary tag browsers send (nb for Norwegian), or undefined. */
function languageOf(tag) {
  const lower = tag.toLowerCase();
  const language = VARIANTS[lower] ?? lower;
  return /^[a-z]{2,3}$/.test(language) ? language : undefined;
}
const matched = { ioc: 0, wikispecies: 0, unmatched: [] };
function addNames(source, entries) {
  for (const entry of entries) {
    const scientific = entry.scientific.replace(/\s+/g, ' ').trim();
    const taxon = speciesByName.get(scientific) ?? byCode.get(formerName.get(scientific) ?? '');
    if (!taxon) {
      if (entry.names.length > 0) matched.unmatched.push(scientific);
      continue;
    }
    matched[source] += 1;
    for (const { language: tag, name } of entry.names) {
      const language = languageOf(tag);
      if (!language || !name) continue;
      if (language === 'en') {
        if (addSynonym(name, taxon.code, 'e')) counts.wikispecies += 1;
        continue;
      }
      const names = taxon.names.get(language) ?? [];
      taxon.names.set(language, names);
      if (names.some((known) => key(known.name) === key(name))) continue;
      // a regional variant (pt-BR, zh-Hant) comes after the language's own names
      const variant = tag.toLowerCase() !== language;
      const firstVariant = names.findIndex((known) => known.variant);
      if (variant || firstVariant < 0) names.push({ name, variant });
      else names.splice(firstVariant, 0, { name, variant });
    }
  }
}
addNames('ioc', readIoc(join(raw, 'ioc')));
addNames('wikispecies', readWikispecies(join(raw, 'wikispecies')));

// An English name that is now another taxon's would make that name link to neither
const currentEnglish = new Set(taxa.map((taxon) => key(taxon.english)));
let dropped = 0;
for (const [name, codes] of synonyms) {
  for (const [code, kind] of codes) {
    if (kind === 'e' && currentEnglish.has(key(name))) {
      codes.delete(code);
      dropped += 1;
    }
  }
  if (codes.size === 0) synonyms.delete(name);
}

// ---- ranges: the regions of each species, from AviList's range texts (its own and its
// subspecies'), by the AviList name of its code

const rangeTexts = readAvilistRanges(join(raw, 'avilist'));
const ranges = [];
for (const taxon of taxa) {
  if (taxon.category !== 'species') continue;
  const names = [taxon.scientific, avilistByCode.get(taxon.code)?.scientific].filter(Boolean);
  const texts = [...new Set(names.flatMap((name) => rangeTexts.get(name) ?? []))];
  const bits = texts.reduce((all, text) => all | regionsOfRange(text), 0);
  if (bits) ranges.push([taxon.code, bits]);
}

// ---- the file: languages with names of at least 300 species, by falling coverage

const species = taxa.filter((taxon) => taxon.category === 'species');
const coverage = new Map();
for (const taxon of species)
  for (const language of taxon.names.keys())
    coverage.set(language, (coverage.get(language) ?? 0) + 1);
const languages = [...coverage]
  .filter(([, n]) => n >= 300)
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .map(([language]) => language);
const categories = [...new Set(taxa.map((taxon) => taxon.category))];
const orders = [...new Set(taxa.map((taxon) => taxon.order))];
const families = [...new Map(taxa.map((t) => [t.family, [t.family, t.familyEnglish]])).values()];
const familyIndex = new Map(families.map(([family], i) => [family, i]));

const rows = taxa.map((taxon) => {
  const names = languages.map((language) => {
    const list = (taxon.names.get(language) ?? []).map((entry) => entry.name);
    return list.length === 0 ? null : list.length === 1 ? list[0] : list;
  });
  while (names.length > 0 && names.at(-1) === null) names.pop();
  const row = [
    taxon.code,
    categories.indexOf(taxon.category),
    taxon.scientific,
    taxon.english,
    taxon.reportAs || null,
    orders.indexOf(taxon.order),
    familyIndex.get(taxon.family),
  ];
  return names.length > 0 ? [...row, names] : row;
});
const synonymRows = [...synonyms]
  .sort((a, b) => (a[0] < b[0] ? -1 : 1))
  .flatMap(([name, codes]) => [...codes].map(([code, kind]) => [name, code, kind]));

const content = {
  format: 1,
  about:
    'taxa: [code, category, scientificName, englishName, reportAs, order, family, names?]: ' +
    'category, order and family index their lists (families: [scientific, English]); names ' +
    'align with languages, each null, a name or [preferred, others…]. synonyms: [name, code, ' +
    'kind]: s a former scientific name, p the protonym, e another English name. ranges: [code, ' +
    'regions]: the regions of a species range (bits of src/common/regions.ts).',
  sources: {
    list: `eBird/Clements taxonomy v${current.year} (${current.file})`,
    formerNames: `eBird taxonomies ${history.map((h) => h.year).join(', ')}; AviList (${avilist.file})`,
    names: 'Wikispecies via species-names-dataset (CC BY-SA 4.0)',
    ranges: `AviList range texts (${avilist.file})`,
  },
  categories,
  orders,
  families,
  languages,
  taxa: rows,
  synonyms: synonymRows,
  ranges,
};
const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 10);
const json = JSON.stringify({ version: `ebird-${current.year}-${hash}`, ...content });
const compressed = brotliCompressSync(json, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
});
writeFileSync(values.out, compressed);

// ---- what was built

const mb = (bytes) => `${(bytes / 1e6).toFixed(2)} MB`;
const byCategory = Object.fromEntries(
  categories.map((c) => [c, taxa.filter((t) => t.category === c).length]),
);
console.log(
  `${values.out}: ${mb(compressed.length)} (JSON ${mb(json.length)}), ebird-${current.year}-${hash}`,
);
console.log(
  `taxa ${taxa.length} ${JSON.stringify(byCategory)}; ${orders.length} orders, ${families.length} families`,
);
console.log(`English names given their accents back: ${accented}`);
console.log(
  `synonyms ${synonymRows.length} for ${synonyms.size} names ${JSON.stringify(counts)}; ` +
    `${dropped} English names dropped as another taxon's name now`,
);
console.log(
  `name lists: ${matched.ioc} IOC and ${matched.wikispecies} Wikispecies species matched; ` +
    `${matched.unmatched.length} not, e.g. ${matched.unmatched.slice(0, 6).join(', ')}`,
);
console.log(`languages (${languages.length}), species with a name of ${species.length}:`);
for (const language of languages) {
  const n = coverage.get(language);
  console.log(
    `  ${language.padEnd(4)} ${String(n).padStart(6)} ${((100 * n) / species.length).toFixed(1).padStart(5)} %`,
  );
}
const regionNames = [
  'North America',
  'South America',
  'Europe',
  'Africa',
  'Asia',
  'Oceania',
  'Antarctica',
];
console.log(
  `ranges: ${ranges.length} of ${species.length} species; by region: ` +
    regionNames
      .map((name, i) => `${name} ${ranges.filter(([, bits]) => bits & (1 << i)).length}`)
      .join(', '),
);
const unnamed = species.filter((taxon) => taxon.names.size === 0).length;
console.log(`species without a name in another language: ${unnamed}`);
