// What app.ts may use of the sharing feature: the shared log and its page.
export { sharedLogRoutes, sharedPageRoutes } from './routes.js';
