// What app.ts may use of the admin feature: the /api/admin routes.
export { adminRoutes } from './routes.js';
