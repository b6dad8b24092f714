import { ApiError } from '@/lib/api-client';

/**
 * What the file picker offers: any sound, and the extensions of the formats the server takes for
 * systems that do not know a type for them (FLAC, Opus).
 */
export const RECORDING_FILE_ACCEPT = 'audio/*,.wav,.flac,.mp3,.m4a,.aac,.ogg,.oga,.opus';

const NO_CONNECTION_MESSAGE =
  'The recording could not be sent: check the connection and try again.';

/**
 * Why an upload failed, for the person: the server's own message ("Not a sound recording: …",
 * the size limit checked before sending), or the connection's.
 */
export function recordingUploadMessage(error: unknown): string {
  if (error instanceof ApiError) return error.body.message || 'The recording could not be added.';
  if (error instanceof Error && error.name !== 'TypeError') return error.message; // not fetch's
  return NO_CONNECTION_MESSAGE;
}
