import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  trustedViewerAddSchema,
  trustedViewerListSchema,
  trustedViewerParamsSchema,
  trustedViewerSchema,
} from '../../../common/account/schemas.js';
import {
  MAX_SENSITIVE_CSV_BYTES,
  sensitiveImportResultSchema,
  sensitiveImportSchema,
  sensitiveTaxonIdParamsSchema,
  sensitiveTaxonListSchema,
  sensitiveTaxonSchema,
  sensitiveTaxonUpdateSchema,
  sensitiveTaxonWriteSchema,
} from '../../../common/sensitive-taxa.js';
import { noBody } from '../../api-docs.js';
import { requireUserId } from '../auth/index.js';
import { importRulesCsv } from './rules-csv.js';
import { deleteRule, listRules, updateRule, upsertRule } from './rules.js';
import { addTrustedViewer, listTrustedViewers, removeTrustedViewer } from './viewers.js';

// The routes of location privacy (issue 35). The admin feature mounts the sensitive taxa under
// its own guard (/api/admin/sensitive-taxa), the account feature the trusted viewers
// (/api/account/trusted-viewers).

const ADMINS_ONLY = { 403: 'Admins only (or a cross-site request)' };

/** The sensitive-taxa list; the caller checks that the user is an admin. */
export const sensitiveTaxaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary: 'Sensitive taxa',
        description:
          'The rules that keep logs of a taxon (and its descendants) obscured or private for ' +
          'others, everywhere or inside an area; by scientific name.',
        operationId: 'listSensitiveTaxa',
        response: { 200: sensitiveTaxonListSchema },
        errors: ADMINS_ONLY,
      },
    },
    async () => ({ items: await listRules(app.db) }),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Add a sensitive taxon',
        description:
          'A scientific name or a backbone taxon id, the level, and an optional GeoJSON area ' +
          '(Polygon, MultiPolygon or a Feature of one). The same name and area again change the ' +
          'rule (200) instead of adding one (201).',
        operationId: 'addSensitiveTaxon',
        body: sensitiveTaxonWriteSchema,
        response: { 200: sensitiveTaxonSchema, 201: sensitiveTaxonSchema },
        errors: { ...ADMINS_ONLY, 400: 'Invalid input, or a taxon id the backbone lacks' },
      },
      bodyLimit: MAX_SENSITIVE_CSV_BYTES + 1024 * 1024,
    },
    async (request, reply) => {
      const { rule, outcome } = await upsertRule(app.db, request.body);
      return reply.code(outcome === 'added' ? 201 : 200).send(rule);
    },
  );

  app.post(
    '/import',
    {
      schema: {
        summary: 'Import sensitive taxa from CSV',
        description:
          'The text of a CSV file with a header row: scientific_name (or taxon_id), level ' +
          '(obscured or private), and optionally area (GeoJSON) and area_name. Rows that ' +
          'cannot be read are listed by line; the others are added or changed. Importing the ' +
          'same file again changes nothing.',
        operationId: 'importSensitiveTaxa',
        body: sensitiveImportSchema,
        response: { 200: sensitiveImportResultSchema },
        errors: { ...ADMINS_ONLY, 400: 'Not a CSV file, or without the columns it needs' },
      },
      bodyLimit: MAX_SENSITIVE_CSV_BYTES * 2,
    },
    async (request) => importRulesCsv(app.db, request.body.csv),
  );

  app.patch(
    '/:id',
    {
      schema: {
        summary: 'Change a sensitive taxon',
        description: 'Its level or its area name.',
        operationId: 'updateSensitiveTaxon',
        params: sensitiveTaxonIdParamsSchema,
        body: sensitiveTaxonUpdateSchema,
        response: { 200: sensitiveTaxonSchema },
        errors: { ...ADMINS_ONLY, 404: 'No such rule' },
      },
    },
    async (request) => updateRule(app.db, request.params.id, request.body),
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Remove a sensitive taxon',
        description: 'Its logs show again as their owners chose.',
        operationId: 'deleteSensitiveTaxon',
        params: sensitiveTaxonIdParamsSchema,
        response: { 204: noBody('Removed') },
        errors: { ...ADMINS_ONLY, 404: 'No such rule' },
      },
    },
    async (request, reply) => {
      await deleteRule(app.db, request.params.id);
      return reply.code(204).send();
    },
  );
};

/** The signed-in user's trusted viewers; the caller requires a session. */
export const trustedViewerRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      schema: {
        summary: 'Your trusted viewers',
        description: 'Accounts of this server that see the exact points of your obscured logs.',
        operationId: 'listTrustedViewers',
        response: { 200: trustedViewerListSchema },
      },
    },
    async (request) => ({ items: await listTrustedViewers(app.db, requireUserId(request)) }),
  );

  app.post(
    '/',
    {
      schema: {
        summary: 'Trust an account',
        description:
          'The account with this email sees the exact points of your obscured logs and outings ' +
          '(never of private ones) on their shared pages.',
        operationId: 'addTrustedViewer',
        body: trustedViewerAddSchema,
        response: { 201: trustedViewerSchema },
        errors: { 400: 'Invalid email, or your own', 404: 'No account with this email' },
      },
    },
    async (request, reply) => {
      const viewer = await addTrustedViewer(app.db, requireUserId(request), request.body.email);
      return reply.code(201).send(viewer);
    },
  );

  app.delete(
    '/:id',
    {
      schema: {
        summary: 'Stop trusting an account',
        description: 'It sees your obscured logs as anyone does again.',
        operationId: 'removeTrustedViewer',
        params: trustedViewerParamsSchema,
        response: { 204: noBody('Removed') },
        errors: { 404: 'Not one of your trusted viewers' },
      },
    },
    async (request, reply) => {
      await removeTrustedViewer(app.db, requireUserId(request), request.params.id);
      return reply.code(204).send();
    },
  );
};
