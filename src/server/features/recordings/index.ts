// What app.ts and other features may use of the recordings feature (issue 37).
export { probeAudio, sniffAudio, type AudioFacts, type SniffedAudio } from './audio.js';
export { type RecorderFacts } from './guano.js';
export { LISTENING_COPY_THRESHOLDS, listeningCopy, type ListeningCopy } from './listening-copy.js';
export { stripAudioMetadata } from './public-copy.js';
export { spectrogram, type Spectrogram, type SpectrogramOptions } from './spectrogram.js';
export { recordingRoutes } from './routes.js';
export { recordingWorkPlugin } from './recording-work-plugin.js';
export { recordingUploadRules, storeRecording } from './service.js';
export { findLoggedRecordingsOf } from './queries.js';
