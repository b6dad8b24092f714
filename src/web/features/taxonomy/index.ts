// What other features may use of the taxonomy feature: the species search behind the pickers,
// answered offline from the species pack once it is loaded.
export { preloadTaxa, searchTaxa } from './search';
export { GroupLabel } from './group-label';
export { LikelyHint } from './likely-hint';
export type { LikelyPlace } from './pack-protocol';
