export { uploadRecording } from './upload-recording';
