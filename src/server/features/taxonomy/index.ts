// What app.ts, the jobs and other features may use of the taxonomy feature: the species
// search route, the backbone's seeding, and the checklist import of `npm run taxa:import`.
export { seedBackbone } from './backbone.js';
export { importChecklist } from './checklists.js';
export { taxonomyRoutes } from './routes.js';
