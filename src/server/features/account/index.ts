// What app.ts may use of the account feature: the account page's routes.
export { accountRoutes } from './routes.js';
