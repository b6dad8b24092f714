export { uploadRecording } from './upload-recording';
export { RecordingList } from './recording-list';
export { RecordingPlayer } from './recording-player';
