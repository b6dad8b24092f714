// What app.ts and other features may use of the outings feature: its routes, the eBird export
// (issue 22), the outings an import makes (data-exchange), public outings (sharing) and every outing of
// an account (its archive).
export { ebirdExportRoutes, outingsRoutes } from './routes.js';
export {
  allOutingsOf,
  createImportedOutings,
  deleteImportedOutings,
  findImportedOutings,
  findOwnOutings,
  findPublicOutingWithLogs,
  type ImportedOuting,
} from './service.js';
