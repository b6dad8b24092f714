// What app.ts may use of the outings feature: its routes (issue 22).
export { outingsRoutes } from './routes.js';
