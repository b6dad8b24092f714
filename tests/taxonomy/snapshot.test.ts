import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import {
  seedBackbone,
  seedBirds,
  seedCommonSpecies,
} from '../../src/server/features/taxonomy/index.js';
import { seedOtherNames } from '../../src/server/features/taxonomy/other-names.js';
import {
  readSnapshot,
  snapshotMismatch,
  type BackboneSnapshot,
} from '../../src/server/features/taxonomy/snapshot.js';
import type { Db } from '../../src/server/db/client.js';
import { stores, testConfig } from '../support/helpers.js';

// The backbone a new instance writes from datasets/backbone (issue 38, P14) is the one the seed
// writes from its sources: the same rows, to the byte. When this fails, the sources or the
// seed changed: run `node --import tsx scripts/build-backbone.mjs` and commit the file.
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A digest of the backbone's rows, and how many there are. */
async function backbone(db: Db) {
  const [digest] = rowsOf<Record<string, string | number>>(
    await db.execute(sql`SELECT
      (SELECT count(*)::int FROM taxa) AS taxa,
      (SELECT count(*)::int FROM taxon_names) AS names,
      (SELECT md5(string_agg(row_to_json(t)::text, ',' ORDER BY id)) FROM taxa t) AS "taxaDigest",
      (SELECT md5(string_agg(row_to_json(n)::text, ',' ORDER BY taxon_id, language, name_key))
        FROM taxon_names n) AS "namesDigest",
      (SELECT string_agg(source || ' ' || version || ' ' || taxa, ', ' ORDER BY source)
        FROM taxon_sources) AS sources`),
  );
  return digest!;
}

/**
 * A new instance's store: on PostgreSQL a new database (migrated, from the suite's template),
 * dropped after the file; on the embedded store each app has its own already.
 */
const made: string[] = [];
async function newStore(databaseUrl: string | undefined) {
  if (!databaseUrl) return undefined;
  const root = process.env.TEST_DATABASE_ROOT_URL ?? databaseUrl;
  const name = `sightbook_test_${randomBytes(8).toString('hex')}`;
  const client = new pg.Client({ connectionString: root });
  await client.connect();
  try {
    const template = inject('postgresTemplate');
    await client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await client.end();
  }
  made.push(name);
  const url = new URL(root);
  url.pathname = `/${name}`;
  return url.toString();
}
afterAll(async () => {
  if (made.length === 0) return;
  const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_ROOT_URL });
  await client.connect();
  for (const name of made) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await client.end();
});

describe.each(stores)('the backbone snapshot on $store', ({ databaseUrl }) => {
  let seeded: FastifyInstance; // seeded from the sources
  let fresh: FastifyInstance; // a new instance's first start
  let snapshot: BackboneSnapshot;
  beforeAll(async () => {
    snapshot = readSnapshot()!;
    seeded = await buildApp(testConfig({ databaseUrl }));
    await seedCommonSpecies(seeded.db);
    await seedBirds(seeded.db, { again: true });
    await seedOtherNames(seeded.db, undefined, { again: true });
    fresh = await buildApp(testConfig({ databaseUrl: await newStore(databaseUrl) }));
  }, 600_000);
  afterAll(async () => {
    await seeded?.close();
    await fresh?.close();
  });

  it('is shipped, and a new instance writes it: the rows the seed writes from its sources', async () => {
    expect(snapshot).toBeDefined();
    const started = performance.now();
    expect(await seedBackbone(fresh.db)).toBe(
      snapshot.sources.reduce((sum, row) => sum + row.taxa, 0),
    );
    const seconds = (performance.now() - started) / 1000;
    const expected = await backbone(seeded.db);
    expect(expected.taxa).toBeGreaterThan(130_000);
    expect(await backbone(fresh.db)).toEqual(expected);
    // the snapshot, not the seed: it took a fraction of the seed's minute
    expect(seconds).toBeLessThan(45);
    // and a second start writes nothing
    expect(await seedBackbone(fresh.db)).toBe(0);
  }, 120_000);

  it('is not written into a store that holds taxa, nor when a source is of another version', async () => {
    expect(await snapshotMismatch(fresh.db, snapshot, {})).toBe('the store holds taxa already');
    expect(await snapshotMismatch(fresh.db, snapshot, { birds: '2026+99' })).toMatch(
      /^birds is .+ in it, not 2026\+99$/,
    );
    const other = await buildApp(testConfig({ databaseUrl: await newStore(databaseUrl) }));
    try {
      expect(await snapshotMismatch(other.db, snapshot, {})).toBeUndefined();
      const renamed = {
        ...snapshot,
        tables: {
          ...snapshot.tables,
          taxa: { ...snapshot.tables.taxa, columns: ['id', 'name'] },
        },
      };
      expect(await snapshotMismatch(other.db, renamed, {})).toBe('taxa has other columns');
    } finally {
      await other.close();
    }
  });
});
