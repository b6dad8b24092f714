// What app.ts may use of the stats feature.
export { statsRoutes } from './routes.js';
