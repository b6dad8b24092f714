// What other features may use of the pwa feature: the OIDC callback ends a pwa sign-in here too.
export { issueBridgeRedirect } from './bridge.js';
