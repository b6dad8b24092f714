// What app.ts and other features may use of the data-exchange feature: the export and import
// routes, and the exports as files (the account archive holds them).
export { exportRoutes } from './export/routes.js';
export { startDwcArchive, startExport } from './export/service.js';
export { deleteStaleImports, importsDir } from './import/incoming.js';
export { importRoutes } from './import/routes.js';
