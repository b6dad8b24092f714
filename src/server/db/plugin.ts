import fp from 'fastify-plugin';
import type { Database, Db, StreamRows } from './client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** Which store `db` is: the embedded one needs a vacuum job (src/server/jobs.ts). */
    databaseStore: Database['store'];
    /** A cursor on PostgreSQL; null on PGlite. */
    streamRows: StreamRows | null;
  }
}

/**
 * The opened store (buildApp opens it before any plugin: opening is bound by no plugin timeout)
 * as `app.db`, closed at the end.
 */
export const databasePlugin = fp<{ database: Database }>(
  async (app, { database }) => {
    app.decorate('db', database.db);
    app.decorate('streamRows', database.streamRows ?? null);
    app.decorate('databaseStore', database.store);
    app.addHook('onClose', () => database.close());
  },
  { name: 'database' },
);
