// What app.ts and other features may use of the photos feature.
export { objectRoutes, photoRoutes } from './routes.js';
export { imageWorkPlugin } from './image-work-plugin.js';
export { findLoggedUploadsOf, findUpload, insertUpload, markUploadComplete } from './queries.js';
export { FairPool, PoolClosedError, TimeLimitError } from './fair-pool.js';
export { spawnWorkerRunner, workerEntry } from './worker-runner.js';
export { readOriginalPosition } from './photo-gps.js';
export {
  assertOwnUploads,
  deleteObjectsOf,
  deleteOrphanUploads,
  deletePhotosOf,
  releaseUploads,
  startUpload,
  storePhoto,
  type QuotaSettings,
  type UploadLimits,
  type UploadRules,
} from './service.js';
export {
  assertRoomFor,
  quotaBytes,
  storageOf,
  storageUsedBy,
  storageUsedByUser,
} from './storage-use.js';
