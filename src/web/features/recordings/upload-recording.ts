import { uploadStartResponseSchema } from '../../../common/photos';
import {
  RECORDING_LIMITS,
  RECORDING_TOO_LARGE_MESSAGE,
  recordingCompleteResponseSchema,
  type RecordingCompleteResponse,
} from '../../../common/recordings';
import { api } from '@/lib/api-client';
import { uploadRefusalMessage } from '../photos';

/**
 * Issue 37: one recording up, the three calls of the photos' flow (SPEC §4) with the recordings'
 * routes: an upload URL (the size goes along so an oversized file is refused before it is sent),
 * the PUT of the bytes, then the completion, which answers what the server made of them. The
 * error's message is the server's own ("Not a sound recording: …").
 */
export async function uploadRecording(
  file: Blob,
  signal?: AbortSignal,
): Promise<RecordingCompleteResponse> {
  if (file.size > RECORDING_LIMITS.maxBytes) throw new Error(RECORDING_TOO_LARGE_MESSAGE);
  const { uploadURL } = await api('/api/recordings/upload', uploadStartResponseSchema, {
    method: 'POST',
    body: { size: file.size },
    signal,
  });
  const put = await fetch(uploadURL, {
    method: 'PUT',
    body: file,
    headers: { 'Content-Type': file.type || 'application/octet-stream' },
    credentials: 'same-origin',
    signal,
  });
  if (!put.ok) throw new Error(uploadRefusalMessage(put.status, await put.text()));
  return api('/api/recordings/complete', recordingCompleteResponseSchema, {
    method: 'PUT',
    body: { recordingURL: uploadURL },
    signal,
  });
}
