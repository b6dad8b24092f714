import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs, outings } from '../../src/server/db/schema.js';
import { signUp, stores, testConfig } from '../support/helpers.js';
import { undoNewestMigrations } from '../support/undo-migrations.js';

// Issue 32: accounts imported before migration 0017 kept eBird's "X" as a count of 1 with a line
// "Count not recorded (X)" in the notes, and the source's link as a line of the notes. The
// migration gives X its own state (no count) and the link its own field, and nothing else moves.

describe.each(stores)('migration 0017 on existing accounts on $store', ({ databaseUrl }) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sightbook-0017-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = testConfig({ databaseUrl, dataDir, embeddedDatabase: join(dataDir, 'db') });
  let app: FastifyInstance | undefined;
  afterAll(() => app?.close());

  it('turns the X line into no count and the link lines into source links', async () => {
    app = await buildApp(config);
    const user = await signUp(app, 'before-0017');
    await undoNewestMigrations(app.db, 7);
    const row = (key: string | null, count: number, notes: string | null, species = 'Mallard') =>
      sql`(${user.id}, ${species}, ${count}, '2024-05-01T10:00:00Z', ${key}, ${notes})`;
    await app.db.execute(sql`
      INSERT INTO outings (user_id, started_at, source_key)
      VALUES (${user.id}, '2024-05-01T10:00:00Z', 'ebird:S171000001')`);
    await app.db.execute(sql`
      INSERT INTO logs (user_id, species_common, count, observed_at, source_key, notes) VALUES
      ${row('ebird:S171000001:anas platyrhynchos', 1, 'Pair on the pond\nCount not recorded (X)\neBird: https://ebird.org/checklist/S171000001', 'A')},
      ${row('ebird:S171000001:apus apus', 1, 'eBird: https://ebird.org/checklist/S171000001', 'B')},
      ${row('ebird:S171000001:turdus merula', 12, 'Count not recorded (X) was wrong, 12 counted', 'C')},
      ${row('inaturalist:1234567', 1, 'iNaturalist: https://www.inaturalist.org/observations/1234567', 'D')},
      ${row(null, 1, 'Count not recorded (X)', 'E')},
      ${row('sightbook:5b1d3f4e-0000-4000-8000-000000000000', 3, null, 'F')}`);
    await app.close();

    app = await buildApp(config); // migrates again: 0017 runs on these rows
    const rows = await app.db
      .select({
        species: logs.speciesCommon,
        count: logs.count,
        notes: logs.notes,
        sourceUrl: logs.sourceUrl,
      })
      .from(logs)
      .where(eq(logs.userId, user.id))
      .orderBy(asc(logs.speciesCommon));
    const checklist = 'https://ebird.org/checklist/S171000001';
    expect(rows).toEqual([
      { species: 'A', count: null, notes: 'Pair on the pond', sourceUrl: checklist },
      { species: 'B', count: 1, notes: null, sourceUrl: checklist },
      {
        species: 'C',
        count: 12,
        notes: 'Count not recorded (X) was wrong, 12 counted',
        sourceUrl: checklist,
      },
      {
        species: 'D',
        count: 1,
        notes: null,
        sourceUrl: 'https://www.inaturalist.org/observations/1234567',
      },
      // not from eBird: the owner wrote the line, and it stays as written
      { species: 'E', count: 1, notes: 'Count not recorded (X)', sourceUrl: null },
      { species: 'F', count: 3, notes: null, sourceUrl: null },
    ]);
    const [outing] = await app.db
      .select({ sourceUrl: outings.sourceUrl })
      .from(outings)
      .where(eq(outings.userId, user.id));
    expect(outing).toEqual({ sourceUrl: checklist });
  });
});
