import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { parse } from 'csv-parse/sync';
import { buildApp } from '../../src/server/app.js';
import { importFor } from '../data-exchange/import-support.js';
import { getFor, signUp, stores, testConfig } from '../support/helpers.js';

// Issue 32: a "My eBird Data" file's life list counts what eBird counts. The fixture is made of
// the taxa two real downloads hold (subspecies groups, spuhs, slashes, hybrids, domestic types,
// X counts) on made-up checklists; the expected figures are read from it here, independently
// of the server's rule: by the common name, eBird's way of writing each category.

const file = readFileSync(new URL('./fixtures/my-ebird-data.csv', import.meta.url));

/** eBird's rule read off the names: what counts as which species, and what counts as none. */
function ebirdRule(csv: Buffer) {
  const rows = parse(csv, { columns: true, bom: true }) as Array<Record<string, string>>;
  const species = new Set<string>();
  const others = new Set<string>();
  for (const row of rows) {
    const common = row['Common Name']!.trim();
    const outsideGroup = common.replace(/\s*\(.*\)$/, ''); // 'Canada Goose (moffitti/maxima)'
    const countsAsNone =
      / sp\.|^\S+ sp\./.test(common) || // spuh: 'duck sp.', 'Buteo sp.'
      outsideGroup.includes('/') || // slash: 'Greater/Lesser Scaup'
      / \(hybrid\)$/.test(common) || // hybrid: 'Mallard x Mexican Duck (hybrid)'
      / \(Domestic type\)$/.test(common); // domestic: 'Mallard (Domestic type)'
    if (countsAsNone) others.add(common.toLowerCase());
    else species.add(outsideGroup.toLowerCase()); // a group or form counts as its species
  }
  return { rows: rows.length, species: species.size, others: others.size };
}

describe.each(stores)('an eBird download’s life list on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  const get = getFor(() => app);
  const { importFile } = importFor(() => app);
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  it('counts the species eBird counts, and lists the other taxa apart', async () => {
    const expected = ebirdRule(file);
    expect(expected.rows).toBeGreaterThan(300);
    const birder = await signUp(app, 'ebirder');
    const imported = await importFile(birder, file);
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ imported: expected.rows });

    const res = await get(birder, '/api/lists?kind=life');
    expect(res.statusCode, res.body).toBe(200);
    const list = res.json() as {
      total: number;
      otherTaxa: number;
      items: Array<{ commonName: string; countsAsSpecies: boolean }>;
    };
    expect(list.total).toBe(expected.species);
    expect(list.otherTaxa).toBe(expected.others);
    expect(list.items.filter((item) => item.countsAsSpecies)).toHaveLength(expected.species);
    const shown = (name: string) => list.items.find((item) => item.commonName === name);
    expect(shown('Greater/Lesser Scaup')).toMatchObject({ countsAsSpecies: false });
    expect(shown('Mallard (Domestic type)')).toMatchObject({ countsAsSpecies: false });
    // the Feral Pigeon counts as Rock Pigeon, the one domestic form eBird counts
    expect(shown('Rock Pigeon')).toMatchObject({ countsAsSpecies: true });

    const stats = await get(birder, '/api/stats/summary');
    expect(stats.json()).toMatchObject({ uniqueSpecies: expected.species });
  });
});
