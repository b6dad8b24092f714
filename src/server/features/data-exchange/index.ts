// What app.ts may use of the data-exchange feature: the export and import routes.
export { exportRoutes } from './export/routes.js';
export { importRoutes } from './import/routes.js';
