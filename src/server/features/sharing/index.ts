// What app.ts may use of the sharing feature: the shared log and outing, and their pages.
export { sharedLogRoutes, sharedOutingRoutes, sharedPageRoutes } from './routes.js';
