// What app.ts and other features may use of the maps feature.
export { mapsRoutes } from './routes.js';
