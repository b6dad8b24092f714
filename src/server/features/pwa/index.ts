// What app.ts may use of the pwa feature: the bridge routes, and the bridge redirect that every
// sign-in path (built-in accounts, OpenID Connect) takes at the end of a `pwa=true` sign-in.
export { bridgeRedirect } from './bridge.js';
export { pwaRoutes } from './routes.js';
