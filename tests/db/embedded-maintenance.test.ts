import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { openDatabase, type Database } from '../../src/server/db/client.js';
import { embeddedMaintenance } from '../../src/server/db/embedded-maintenance.js';
import { logs, users } from '../../src/server/db/schema.js';
import { testConfig } from '../support/helpers.js';

// PGlite runs no autovacuum: the server vacuums and analyses the embedded store itself, after
// writes to logs (src/server/db/embedded-maintenance.ts). PostgreSQL does it on its own.

/** What the planner knows of the logs table: rows (-1 before any ANALYZE) and all-visible pages. */
async function logsTableStatistics(database: Database) {
  const result = await database.db.execute(
    sql`SELECT reltuples::int AS "rows", relallvisible AS "allVisible" FROM pg_class WHERE relname = 'logs'`,
  );
  const [row] = (result as unknown as { rows: Array<{ rows: number; allVisible: number }> }).rows;
  return row!;
}

const dialect = new PgDialect();
/** The VACUUMs run through a spy on db.execute. */
const vacuums = (execute: { mock: { calls: unknown[][] } }) =>
  execute.mock.calls.filter(([query]) => dialect.sqlToQuery(query as SQL).sql.startsWith('VACUUM'))
    .length;

describe('upkeep of the embedded store', () => {
  let database: Database;
  let userId: string;
  beforeAll(async () => {
    database = await openDatabase({ embeddedDatabase: 'memory://' });
    const [user] = await database.db
      .insert(users)
      .values({ email: 'upkeep@example.org' })
      .returning();
    userId = user!.id;
  });
  afterAll(() => database.close());

  const addLogs = (count: number) =>
    database.db.insert(logs).values(
      Array.from({ length: count }, (_, i) => ({
        userId,
        speciesCommon: `Species ${i % 7}`,
        count: 1 + (i % 5),
        observedAt: new Date(Date.UTC(2026, 0, 1 + (i % 300))),
      })),
    );

  it('vacuums and analyses after writes to logs, and only then', async () => {
    const onError = vi.fn();
    const maintenance = embeddedMaintenance(database.db, onError);
    const execute = vi.spyOn(database.db, 'execute');
    await addLogs(1200);
    expect((await logsTableStatistics(database)).rows).toBe(-1); // never analysed

    await maintenance.run();
    const statistics = await logsTableStatistics(database);
    expect(statistics.rows).toBe(1200);
    expect(statistics.allVisible).toBeGreaterThan(0);
    const passes = () => vacuums(execute);
    expect(passes()).toBe(1);

    await maintenance.run(); // nothing written since
    expect(passes()).toBe(1);

    await addLogs(300);
    await Promise.all([maintenance.run(), maintenance.run()]); // one pass at a time
    expect(passes()).toBe(2);
    expect((await logsTableStatistics(database)).rows).toBe(1500);
    expect(onError).not.toHaveBeenCalled();
    execute.mockRestore();
  });

  it('reports a failed pass and tries again at the next', async () => {
    const onError = vi.fn();
    const maintenance = embeddedMaintenance(database.db, onError);
    const execute = vi.spyOn(database.db, 'execute').mockRejectedValueOnce(new Error('disk full'));
    await maintenance.run();
    expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'disk full' }));
    await maintenance.run();
    expect(vacuums(execute)).toBe(2);
    expect(onError).toHaveBeenCalledTimes(1);
    execute.mockRestore();
  });

  it('runs when the server starts on the embedded store', async () => {
    const app = await buildApp(testConfig());
    try {
      await app.ready();
      await vi.waitFor(
        async () => {
          const result = await app.db.execute(
            sql`SELECT reltuples::int AS "rows" FROM pg_class WHERE relname = 'logs'`,
          );
          const [row] = (result as unknown as { rows: Array<{ rows: number }> }).rows;
          expect(row!.rows).toBe(0); // analysed: -1 before
        },
        { timeout: 5000 },
      );
    } finally {
      await app.close();
    }
  });
});
