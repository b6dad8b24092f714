// What other features may use of location privacy (issue 35): the place others see, the
// viewer's rights, and the routes the admin and account features mount.
export { placeForOthers } from './public-place.js';
export { sensitiveTaxaRoutes, trustedViewerRoutes } from './routes.js';
export { ownerPlaceRules, type OwnerPlaceRules } from './viewers.js';
