import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { privateDir } from '../private-files.js';
import { LocalStorage } from './local-storage.js';
import type { ObjectStorage } from './object-storage.js';
import { S3Storage } from './s3-storage.js';

declare module 'fastify' {
  interface FastifyInstance {
    storage: ObjectStorage;
  }
}

/** Photo storage as `app.storage`: the S3 bucket when S3_BUCKET is set, else local disk. */
export const storagePlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    if (config.s3) {
      const storage = new S3Storage(config.s3);
      app.decorate('storage', storage);
      app.addHook('onClose', async () => storage.destroy());
    } else {
      privateDir(config.dataDir); // photos of private logs, under DATA_DIR/uploads
      app.decorate('storage', new LocalStorage(config.dataDir, config.sessionSecret));
    }
    app.log.info({ photoStorage: app.storage.kind }, 'photo storage ready');
  },
  { name: 'storage' },
);
