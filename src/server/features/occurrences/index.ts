// What other features may use of the occurrence model (issue 36): the flags at entry and
// import, the nightly build, and the routes the app and the admin feature mount.
export { buildOccurrenceModel, modelOlderThan } from './build.js';
export { unusualOf, type FlaggedRecord } from './flags.js';
export { occurrenceAdminRoutes, reviewRoutes, unusualCheckRoutes } from './routes.js';
export { importReferenceSet, type ReferenceImport } from './reference.js';
