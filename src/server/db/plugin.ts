import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Db, type StreamRows } from './client.js';
import { embeddedMaintenance, MAINTENANCE_EVERY_MS } from './embedded-maintenance.js';
import { createLogsResultCache, type LogsResultCache } from './logs-version.js';

/** Results kept per instance: a few hundred bytes to a few tens of kB each. */
const CACHED_RESULTS = 2000;

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** A cursor on PostgreSQL; null on PGlite. */
    streamRows: StreamRows | null;
    /** Statistics and totals of users' logs, until their next write. */
    logsResults: LogsResultCache;
  }
}

/** Opens the store (migrated) as `app.db`, keeps the embedded one vacuumed, closes it at the end. */
export const databasePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openDatabase(config);
    app.decorate('db', database.db);
    app.decorate('streamRows', database.streamRows ?? null);
    app.decorate('logsResults', createLogsResultCache(CACHED_RESULTS));
    app.log.info({ store: database.store }, 'database ready');
    if (database.store === 'postgres') {
      app.addHook('onClose', () => database.close());
      return;
    }
    const maintenance = embeddedMaintenance(database.db, (error) =>
      app.log.warn({ err: error }, 'VACUUM of the embedded database failed'),
    );
    const timer = setInterval(() => void maintenance.run(), MAINTENANCE_EVERY_MS).unref();
    app.addHook('onReady', async () => void maintenance.run()); // start-up does not wait for it
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await maintenance.idle();
      await database.close();
    });
  },
  { name: 'database' },
);
