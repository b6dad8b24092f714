// What app.ts may use of the outings feature: its routes and the eBird export (issue 22).
export { ebirdExportRoutes, outingsRoutes } from './routes.js';
