#!/usr/bin/env node
// Builds datasets/names/vertebrates.json.br (issue 33): the names in other languages of mammals
// and reptiles, from the npm package species-names-dataset (Wikispecies' names, CC BY-SA 4.0),
// which the seed adds to the taxa of the same scientific name (other-names.ts). Birds have
// theirs in datasets/birds. English names are left out: the seed has its own.
// Usage: node scripts/build-names.mjs PACKAGE_DIR [--out FILE]
//   PACKAGE_DIR: `npm pack species-names-dataset@0.0.13` unpacked (its package/ folder)
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { out: { type: 'string', default: 'datasets/names/vertebrates.json.br' } },
});
const [dir] = positionals;
if (!dir) {
  console.error('Usage: node scripts/build-names.mjs PACKAGE_DIR [--out FILE]');
  process.exit(2);
}
const { version } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
const GROUPS = ['Mammalia', 'Reptilia'];
/** Languages with names of at least this many species are kept. */
const MIN_SPECIES = 100;
const VARIANTS = { 'pt-br': 'pt', 'zh-hans': 'zh', 'zh-hant': 'zh', 'zh-cn': 'zh', no: 'nb' };
const languageOf = (tag) => {
  const language = VARIANTS[tag.toLowerCase()] ?? tag.toLowerCase();
  return /^[a-z]{2,3}$/.test(language) && language !== 'en' ? language : undefined;
};

const species = [];
for (const group of GROUPS) {
  const folder = join(dir, 'data/Vertebrata', group);
  for (const file of readdirSync(folder).sort()) {
    for (const entry of JSON.parse(readFileSync(join(folder, file), 'utf8'))) {
      const names = new Map();
      for (const { lang, name } of entry.common_names ?? []) {
        const language = languageOf(lang);
        // one name a cell: the first of "Rotfuchs, Fuchs", without markup
        const text = name
          .replace(/<[^>]*>/g, '')
          .split(/[,;]/)[0]
          .trim();
        if (language && text && !names.has(language)) names.set(language, text);
      }
      const scientific = entry.scientific_name.replace(/\s+/g, ' ').trim();
      if (names.size > 0 && /^[A-Z][a-z]+ [a-z-]+$/.test(scientific))
        species.push({ scientific, group, names });
    }
  }
}
const coverage = new Map();
for (const { names } of species)
  for (const language of names.keys()) coverage.set(language, (coverage.get(language) ?? 0) + 1);
const languages = [...coverage]
  .filter(([, n]) => n >= MIN_SPECIES)
  .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
  .map(([language]) => language);
const taxa = species
  .map(({ scientific, group, names }) => {
    const row = languages.map((language) => names.get(language) ?? null);
    while (row.length > 0 && row.at(-1) === null) row.pop();
    return [scientific, GROUPS.indexOf(group), row];
  })
  .filter(([, , row]) => row.length > 0);
const content = {
  format: 1,
  about: 'taxa: [scientificName, class (index of classes), names aligned with languages]',
  source: `species-names-dataset ${version} (Wikispecies, CC BY-SA 4.0)`,
  classes: GROUPS,
  languages,
  taxa,
};
const hash = createHash('sha256').update(JSON.stringify(content)).digest('hex').slice(0, 10);
const json = JSON.stringify({ version: `${version}-${hash}`, ...content });
const compressed = brotliCompressSync(json, {
  params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: json.length },
});
writeFileSync(values.out, compressed);
console.log(`${values.out}: ${(compressed.length / 1e3).toFixed(0)} kB, ${taxa.length} species`);
console.log(
  `languages (${languages.length}): ` +
    languages.map((language) => `${language} ${coverage.get(language)}`).join(', '),
);
