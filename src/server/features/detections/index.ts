// What app.ts may use of the detections feature (issue 37): the import a station or a person
// posts, an outing's list to confirm, the account's access tokens, and the clips a confirmed
// log was made from (the seam for attaching its recording).
export { clipsOfLog } from './decisions.js';
export { detectionImportRoutes } from './import-routes.js';
export { outingDetectionRoutes } from './routes.js';
export { accessTokenRoutes } from './token-routes.js';
