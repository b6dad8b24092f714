import { sql } from 'drizzle-orm';
import type { Db } from './client.js';
import { users } from './schema.js';

// PGlite runs no autovacuum: left alone, the embedded store never gathers statistics, so it
// plans with default estimates, and never marks pages all-visible, so index-only scans read the
// table for every row. With 30,000 logs, a filtered page of the list took 18 ms instead of 2.
// The server does autovacuum's job: a VACUUM (ANALYZE) a minute after start and, when logs were written
// since, every ten minutes (src/server/jobs.ts; docs/decisions/006-embedded-vacuum-job.md).
// PGlite runs in the server's thread, so a pass holds requests while it runs: 0.3-0.4 s for
// 300,000 logs.

/** The sum of the users' logs versions: any write to logs changes it (migration 0003). */
async function logsWrites(db: Db): Promise<number> {
  const [row] = await db
    .select({ writes: sql<number>`coalesce(sum(${users.logsVersion}), 0)::float8` })
    .from(users);
  return row?.writes ?? 0;
}

export interface EmbeddedMaintenance {
  /** A pass, unless no log was written since the last one; one at a time. */
  run(): Promise<void>;
}

export function embeddedMaintenance(db: Db, onError: (error: unknown) => void) {
  let writesAtLastPass: number | undefined;
  let running: Promise<void> | undefined;
  async function pass() {
    const writes = await logsWrites(db); // before: a write during the pass calls for another
    if (writes === writesAtLastPass) return;
    await db.execute(sql`VACUUM (ANALYZE)`);
    writesAtLastPass = writes;
  }
  const maintenance: EmbeddedMaintenance = {
    run: () =>
      (running ??= pass()
        .catch(onError)
        .finally(() => (running = undefined))),
  };
  return maintenance;
}
