// What app.ts and other features may use of the photos feature.
export { objectRoutes, photoRoutes } from './routes.js';
export { imageWorkPlugin } from './image-work-plugin.js';
export { findLoggedUploadsOf } from './queries.js';
export { readOriginalPosition } from './photo-gps.js';
export {
  assertOwnUploads,
  deleteOrphanUploads,
  deletePhotosOf,
  releaseUploads,
  storePhoto,
  type QuotaSettings,
} from './service.js';
export {
  assertRoomFor,
  quotaBytes,
  storageOf,
  storageUsedBy,
  storageUsedByUser,
} from './storage-use.js';
