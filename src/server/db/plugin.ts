import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Database, type Db, type StreamRows } from './client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Which store `db` is: the embedded one needs a vacuum job (src/server/jobs.ts). */
    databaseStore: Database['store'];
    /** A cursor on PostgreSQL; null on PGlite. */
    streamRows: StreamRows | null;
  }
}

/** Opens the store (migrated) as `app.db`, and closes it at the end. */
export const databasePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openDatabase(config);
    app.decorate('db', database.db);
    app.decorate('streamRows', database.streamRows ?? null);
    app.decorate('databaseStore', database.store);
    app.log.info({ store: database.store }, 'database ready');
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
