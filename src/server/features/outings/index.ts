// What app.ts and other features may use of the outings feature: its routes, the eBird export
// (issue 22), and the outings an import makes (data-exchange).
export { ebirdExportRoutes, outingsRoutes } from './routes.js';
export {
  createImportedOutings,
  deleteImportedOutings,
  findImportedOutings,
  findOwnOutings,
  type ImportedOuting,
} from './service.js';
