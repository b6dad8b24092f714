import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { nameKey, taxaQuerySchema, taxonSchema } from '../../../common/taxonomy.js';
import { requireUserId } from '../auth/index.js';
import { searchTaxa } from './queries.js';

/** The reader's language: the first of Accept-Language, as its primary tag (`de` of `de-CH`). */
export function readerLanguage(acceptLanguage: string | undefined): string {
  const first = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim().toLowerCase() ?? '';
  const primary = first.split('-')[0] ?? '';
  return /^[a-z]{2,3}$/.test(primary) ? primary : 'en';
}

/** The species search behind the pickers (GET /api/taxa), for signed-in users. */
export const taxonomyRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));

  app.get(
    '/taxa',
    {
      schema: {
        summary: 'Search the species backbone',
        description:
          'Taxa whose scientific or common name holds the text, best first: the whole name, its ' +
          'start, a word start, anywhere (case and accents ignored); names in the ' +
          'Accept-Language language when known.',
        operationId: 'searchTaxa',
        querystring: taxaQuerySchema,
        response: { 200: z.array(taxonSchema) },
      },
    },
    async (request) => {
      const { q, limit } = request.query;
      const key = nameKey(q ?? '');
      if (key === '') return [];
      return searchTaxa(app.db, key, limit, readerLanguage(request.headers['accept-language']));
    },
  );
};
