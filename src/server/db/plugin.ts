import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Db, type StreamRows } from './client.js';
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

/** Opens the store (migrated) as `app.db` and closes it when the app closes. */
export const databasePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openDatabase(config);
    app.decorate('db', database.db);
    app.decorate('streamRows', database.streamRows ?? null);
    app.decorate('logsResults', createLogsResultCache(CACHED_RESULTS));
    app.addHook('onClose', () => database.close());
    app.log.info({ store: database.store }, 'database ready');
  },
  { name: 'database' },
);
