// What others use of the offline feature: the write queue the logs' writes go through, the
// pending list and the preview of a queued edit; the router loads OfflineSync lazily. Drafts and
// writes queued together keep an outing being tallied, and send it once ended (issue 22).
export { forgetDeviceData, unsentSightings } from './device-data';
export { deleteDraft, draftKey, readDraft, saveDraft } from './drafts';
export { deleteFormDraft, readFormDraft, saveFormDraft, type StoredDraft } from './form-drafts';
export {
  createdOutingId,
  QUEUED,
  queueWrites,
  readOfflineWrites,
  sendOrQueue,
  type QueuedWrite,
} from './offline-queue';
export { OfflineSync, syncOfflineWrites } from './offline-sync';
export { withPendingEdit } from './pending-edit';
export { PendingWrites } from './pending-writes';
export { useOfflineWrites } from './use-offline-writes';
export { toastWriteDone } from './write-toasts';
