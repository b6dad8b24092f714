import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Db, type StreamRows } from './client.js';
import { embeddedMaintenance, MAINTENANCE_EVERY_MS } from './embedded-maintenance.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    /** A cursor on PostgreSQL; null on PGlite. */
    streamRows: StreamRows | null;
  }
}

/** Opens the store (migrated) as `app.db`, keeps the embedded one vacuumed, closes it at the end. */
export const databasePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openDatabase(config);
    app.decorate('db', database.db);
    app.decorate('streamRows', database.streamRows ?? null);
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
