// What app.ts, the jobs and other features may use of the taxonomy feature: the species
// search route, the backbone's seeding, the checklist import of `npm run taxa:import`, and the
// matching of logs to taxa, and the name a taxon shows.
export { seedBackbone, seedBirds, seedCommonSpecies } from './backbone.js';
export { importChecklist } from './checklists.js';
export { matchTaxa, resolveTaxa, type LoggedNames } from './matching.js';
export { shownName } from './queries.js';
export { taxonomyRoutes } from './routes.js';
