import { objectPathOf, uploadIdIn } from '../../../common/photos.js';
import {
  RECORDING_LIMITS,
  RECORDING_TOO_LARGE_MESSAGE,
  spectrogramUrl,
  type RecordingCompleteResponse,
} from '../../../common/recordings.js';
import type { Db } from '../../db/client.js';
import type { RecordingRow } from '../../db/schema.js';
import { HttpError } from '../../http-error.js';
import { objectKey, type ObjectStorage } from '../../storage/object-storage.js';
import {
  assertRoomFor,
  deleteObjectsOf,
  findUpload,
  insertUpload,
  releaseUploads,
  startUpload,
  type QuotaSettings,
  type UploadLimits,
  type UploadRules,
} from '../photos/index.js';
import { probeAudio, sniffAudio } from './audio.js';
import { findRecording, insertRecording } from './queries.js';
import type { RecordingWork } from './recording-work.js';

// Sound recordings as uploads (issue 37): the photos' upload rows, URLs, quota and serving, with
// their own checks and derivatives (a metadata-free public copy, a spectrogram, an MP3).

const tooLarge = () => new HttpError(413, RECORDING_TOO_LARGE_MESSAGE);
const RECORDER_LENGTH = 200; // recordings_recorder_length

/** How the local upload URL checks a recording as it arrives. */
export const recordingUploadRules: UploadRules = {
  maxBytes: RECORDING_LIMITS.maxBytes,
  message: RECORDING_TOO_LARGE_MESSAGE,
  sniff: sniffAudio,
};

/** POST /api/recordings/upload: as a photo's, within the recordings' size limit. */
export const startRecordingUpload = (
  db: Db,
  storage: ObjectStorage,
  userId: string,
  size: number | undefined,
  limits: UploadLimits,
) =>
  startUpload(db, storage, userId, size, limits, {
    kind: 'recording',
    limit: recordingUploadRules,
  });

/**
 * PUT /api/recordings/complete: checks what arrived (size, type and length by its bytes), makes
 * the derivatives within the user's quota and answers what the recording is. A refused
 * recording's objects are deleted.
 */
export async function completeRecording(
  db: Db,
  storage: ObjectStorage,
  work: RecordingWork,
  userId: string,
  recordingURL: string,
  quota: QuotaSettings,
): Promise<RecordingCompleteResponse> {
  const uploadId = uploadIdIn(recordingURL);
  const upload = uploadId ? await findUpload(db, uploadId) : undefined;
  if (!upload || upload.userId !== userId || upload.kind !== 'recording') {
    throw new HttpError(404, 'Upload not found');
  }
  if (upload.completedAt) {
    const done = await findRecording(db, upload.id); // a retried completion
    if (done) return completeReply(done);
  }
  const size = await storage.size(objectKey(upload.id, 'original'));
  if (size === undefined) throw new HttpError(400, 'The recording has not been uploaded yet');
  try {
    if (size > RECORDING_LIMITS.maxBytes) throw tooLarge();
    const original = await storage.readAll(objectKey(upload.id, 'original'));
    return completeReply(
      await storeDerivatives(db, storage, work, upload.id, userId, original, quota),
    );
  } catch (error) {
    await deleteObjectsOf(storage, [upload.id]);
    throw error;
  }
}

/**
 * Probes an original already in storage, makes and stores its derivatives and its facts, and
 * marks its upload complete: 415 when it is not sound (or is video), 413 when it is too long or
 * it and its derivatives would take the user over their quota.
 */
async function storeDerivatives(
  db: Db,
  storage: ObjectStorage,
  work: RecordingWork,
  uploadId: string,
  userId: string,
  original: Buffer,
  quota: QuotaSettings,
): Promise<RecordingRow> {
  const sniffed = await sniffAudio(original);
  const facts = await probeAudio(original, sniffed);
  const derived = await work.derive(userId, original, facts);
  const { image, width, height, maxHz } = derived.spectrogram;
  const listening = derived.listening;
  const derivativesSize = derived.public.length + image.length + (listening?.length ?? 0);
  await assertRoomFor(
    db,
    userId,
    quota.storageQuotaMb,
    original.length + derivativesSize,
    'This recording',
  );
  await Promise.all([
    storage.write(objectKey(uploadId, 'public'), Buffer.from(derived.public), sniffed.mime),
    storage.write(objectKey(uploadId, 'spectrogram.png'), Buffer.from(image), 'image/png'),
    listening &&
      storage.write(objectKey(uploadId, 'listen.mp3'), Buffer.from(listening), 'audio/mpeg'),
  ]);
  const row: RecordingRow = {
    uploadId,
    format: facts.format,
    codec: facts.codec ?? null,
    durationMs: Math.round(facts.durationSeconds * 1000),
    sampleRate: facts.sampleRate,
    channels: facts.channels,
    recordedAt: facts.recordedAt ?? null,
    recordedLatitude: facts.latitude ?? null,
    recordedLongitude: facts.longitude ?? null,
    recorder: facts.recorder?.slice(0, RECORDER_LENGTH) ?? null,
    spectrogramWidth: width,
    spectrogramHeight: height,
    spectrogramMaxHz: Math.round(maxHz),
    hasListeningCopy: listening !== null,
  };
  await insertRecording(db, row, {
    contentType: sniffed.mime,
    size: original.length,
    derivativesSize,
  });
  return row;
}

/** The completion's reply: what the owner may know of their recording. */
function completeReply(row: RecordingRow): RecordingCompleteResponse {
  const objectPath = objectPathOf(row.uploadId);
  return {
    objectPath,
    durationSeconds: row.durationMs / 1000,
    sampleRate: row.sampleRate,
    channels: row.channels,
    format: row.format as RecordingCompleteResponse['format'],
    ...(row.recordedAt && { recordedAt: row.recordedAt.toISOString() }),
    ...(row.recordedLatitude !== null && { latitude: row.recordedLatitude }),
    ...(row.recordedLongitude !== null && { longitude: row.recordedLongitude }),
    ...(row.recorder !== null && { recorder: row.recorder }),
    spectrogram: {
      path: spectrogramUrl(objectPath),
      width: row.spectrogramWidth,
      height: row.spectrogramHeight,
      maxHz: row.spectrogramMaxHz,
    },
  };
}

/**
 * A recording that arrives inside a file rather than by upload (the account archive's import):
 * checked, stored anew with its derivatives within the user's quota, and answered as the object
 * path a log refers to. Nothing is left behind when it is refused.
 */
export async function storeRecording(
  db: Db,
  storage: ObjectStorage,
  work: RecordingWork,
  userId: string,
  original: Buffer,
  quota: QuotaSettings,
): Promise<string> {
  if (original.length > RECORDING_LIMITS.maxBytes) throw tooLarge();
  await assertRoomFor(db, userId, quota.storageQuotaMb, original.length, 'This recording');
  const upload = await insertUpload(db, userId, 'recording');
  try {
    const { mime } = await sniffAudio(original);
    await storage.write(objectKey(upload.id, 'original'), original, mime);
    await storeDerivatives(db, storage, work, upload.id, userId, original, quota);
  } catch (error) {
    await deleteObjectsOf(storage, [upload.id]);
    await releaseUploads(db, storage, [objectPathOf(upload.id)]);
    throw error;
  }
  return objectPathOf(upload.id);
}
