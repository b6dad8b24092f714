// What app.ts may use of the lists feature: the life, year and place lists' routes.
export { listsRoutes } from './routes.js';
