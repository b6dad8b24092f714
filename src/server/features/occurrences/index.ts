// What other features may use of the occurrence model (issue 36): the flags at entry and
// import, the nightly build, the units likely at a place and season, and the routes the app and the admin feature mount.
export { buildOccurrenceModel, modelOlderThan } from './build.js';
export { unusualOf, type FlaggedRecord } from './flags.js';
export { likelyUnitsAt } from './likely.js';
export { likelyPackRoutes } from './likely-routes.js';
export { occurrenceAdminRoutes, reviewRoutes, unusualCheckRoutes } from './routes.js';
export { importReferenceSet, type ReferenceImport } from './reference.js';
