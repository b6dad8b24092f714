// What app.ts and other features may use of the recordings feature (issue 37).
export { probeAudio, sniffAudio, type AudioFacts, type SniffedAudio } from './audio.js';
export { type RecorderFacts } from './guano.js';
// The spectrogram, the listening copy and the copy without metadata are made in the recording
// workers (recording-worker.ts): not exported here, so that no decoder loads with the app.
export { recordingRoutes } from './routes.js';
export { recordingWorkPlugin } from './recording-work-plugin.js';
export { recordingUploadRules, storeRecording } from './service.js';
export { findLoggedRecordingsOf } from './queries.js';
