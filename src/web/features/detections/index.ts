// What others use of the detections feature (issue 37): the import dialog, which the outings
// page and an outing's page offer, and an outing's list to confirm, which its page shows.
export { ImportDetectionsDialog } from './import-detections-dialog';
export { OutingDetections } from './outing-detections';
