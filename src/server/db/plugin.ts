import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Db, type StreamRows } from './client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** A cursor on PostgreSQL; null on PGlite. */
    streamRows: StreamRows | null;
  }
}

/** Opens the store (migrated) as `app.db` and closes it when the app closes. */
export const databasePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openDatabase(config);
    app.decorate('db', database.db);
    app.decorate('streamRows', database.streamRows ?? null);
    app.addHook('onClose', () => database.close());
    app.log.info({ store: database.store }, 'database ready');
  },
  { name: 'database' },
);
