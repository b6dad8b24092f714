// What app.ts may use of the pwa feature: the bridge route, and the bridge token that every
// sign-in path (built-in accounts, OpenID Connect) issues at the end of a `pwa=true` sign-in.
export { issueBridgeRedirect } from './bridge.js';
export { pwaRoutes } from './routes.js';
