import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  nameKey,
  primaryLanguage,
  readerLanguage,
  taxaPackQuerySchema,
  taxaQuerySchema,
  taxonHitSchema,
} from '../../../common/taxonomy.js';
import { regionOfZone } from '../../../common/regions.js';
import { fileReply, noBody } from '../../api-docs.js';
import { sendText } from '../../conditional-get.js';
import { requireUserId } from '../auth/index.js';
import { TaxaPacks } from './pack.js';
import { searchTaxa } from './queries.js';

/**
 * The species search behind the pickers (GET /api/taxa) and the offline pack the web app
 * searches itself (GET /api/taxa/pack), for signed-in users.
 */
export const taxonomyRoutes: FastifyPluginAsyncZod<{
  /**
   * The species units likely at a point on a local date (the occurrence model's: app.ts
   * composes the two features).
   */
  likelyUnits: (latitude: number, longitude: number, date: string) => Promise<string[]>;
}> = async (app, { likelyUnits }) => {
  app.addHook('onRequest', async (request) => void requireUserId(request));
  const packs = new TaxaPacks(app.db);

  app.get(
    '/taxa',
    {
      schema: {
        summary: 'Search the species backbone',
        description:
          'Taxa whose scientific or common name holds the text, best first: the whole name, its ' +
          "start, a word start, anywhere (case and accents ignored); taxa of the zone's region " +
          'first when given, the best known (names in more languages) first; names in the ' +
          'Accept-Language language when known. With lat, lon and date, taxa recorded on this ' +
          'instance within 100 km in the season (the week ±2) come right after the whole ' +
          'name, marked likely.',
        operationId: 'searchTaxa',
        querystring: taxaQuerySchema,
        response: { 200: z.array(taxonHitSchema) },
      },
    },
    async (request) => {
      const { q, limit, zone, lat, lon, date } = request.query;
      const key = nameKey(q ?? '');
      if (key === '') return [];
      const language = readerLanguage(request.headers['accept-language']);
      // the small set first: the units near the place in the season
      const likely =
        lat !== undefined && lon !== undefined && date !== undefined
          ? await likelyUnits(lat, lon, date)
          : undefined;
      return searchTaxa(app.db, key, limit, language, regionOfZone(zone), likely);
    },
  );

  app.get(
    '/taxa/pack',
    {
      schema: {
        summary: 'The species backbone for offline search',
        description:
          'Every taxon of the backbone with its names in the language (else Accept-Language) ' +
          'and English, as the web app searches it offline: a JSON header line, then a ' +
          'tab-separated line a taxon (docs/decisions/012-offline-taxa-pack.md). At most ' +
          '130,000 taxa: a larger backbone sends those with a common name first and says ' +
          '"complete": false. Gzipped when accepted; a strong ETag answers If-None-Match with 304.',
        operationId: 'getTaxaPack',
        querystring: taxaPackQuerySchema,
        response: {
          200: fileReply('The pack', 'text/plain'),
          304: noBody('Unchanged since the ETag in If-None-Match'),
        },
      },
    },
    async (request, reply) => {
      const language =
        primaryLanguage(request.query.lang) ?? readerLanguage(request.headers['accept-language']);
      const pack = await packs.get(language);
      return sendText(request, reply, pack, 'Accept-Encoding, Accept-Language, Cookie');
    },
  );
};
