import fp from 'fastify-plugin';
import type { Config } from '../../config.js';
import { ImageWork } from './image-work.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The one pool of image workers: uploads and imported archives share it fairly. */
    imageWork: ImageWork;
  }
}

export const imageWorkPlugin = fp<{ config: Config }>(
  async (app, { config }) => {
    const images = new ImageWork(config.photos);
    app.decorate('imageWork', images);
    app.addHook('onClose', async () => images.close());
  },
  { name: 'image-work' },
);
