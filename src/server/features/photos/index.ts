// What app.ts and other features may use of the photos feature.
export { objectRoutes, photoRoutes } from './routes.js';
export { assertOwnUploads, deleteOrphanUploads, releaseUploads } from './service.js';
export { quotaBytes, storageUsedBy, storageUsedByUser } from './storage-use.js';
