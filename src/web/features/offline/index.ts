// What others use of the offline feature: the write queue the logs' writes go through, the
// pending list and the preview of a queued edit; the router loads OfflineSync lazily.
export { forgetDeviceData } from './device-data';
export { deleteFormDraft, readFormDraft, saveFormDraft, type StoredDraft } from './form-drafts';
export { QUEUED, readOfflineWrites, sendOrQueue, type QueuedWrite } from './offline-queue';
export { OfflineSync } from './offline-sync';
export { withPendingEdit } from './pending-edit';
export { PendingWrites } from './pending-writes';
export { useOfflineWrites } from './use-offline-writes';
export { toastWriteDone } from './write-toasts';
