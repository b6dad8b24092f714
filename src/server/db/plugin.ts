import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { openDatabase, type Db } from './client.js';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
  }
}

/** Opens the store (migrated) as `app.db` and closes it when the app closes. */
export const databasePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const database = await openDatabase(config);
    app.decorate('db', database.db);
    app.addHook('onClose', () => database.close());
    app.log.info({ store: database.store }, 'database ready');
  },
  { name: 'database' },
);
