// What app.ts may use of the sharing feature.
export { sharedPageRoutes } from './routes.js';
