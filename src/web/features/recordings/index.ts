export { uploadRecording } from './upload-recording';
export { RecordingList } from './recording-list';
export { RecordingPlayer } from './recording-player';
export { RecordButton, RecorderNotice } from './record-button';
export { formatDuration } from './recorder-state';
export { RECORDING_FILE_ACCEPT, recordingUploadMessage } from './recording-file';
export { useRecorder, type MadeRecording, type Recorder } from './use-recorder';
export { formatClock } from './playback';
