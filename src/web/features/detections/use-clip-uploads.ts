import { useEffect, useRef, useState } from 'react';
import { LOG_LIMITS } from '../../../common/logs/schemas';
import { uploadRecording } from '@/features/recordings';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** A clip file on its way up, up (its object path), or refused (the server's words). */
export interface ClipUpload {
  id: number;
  name: string;
  state: 'uploading' | 'uploaded' | 'failed';
  objectPath?: string;
  durationSeconds?: number;
  error?: string;
}

export const TOO_MANY_CLIPS = `A log takes at most ${LOG_LIMITS.recordingsPerLog} recordings`;

/**
 * The clip files a person attaches to a species before confirming it (issue 37): each is
 * uploaded as soon as it is picked, as a log's recording is, so that Confirm only names them.
 */
export function useClipUploads() {
  const [uploads, setUploads] = useState<ClipUpload[]>([]);
  const controllers = useRef(new Map<number, AbortController>());
  const nextId = useRef(0);

  useEffect(() => {
    const running = controllers.current;
    return () => running.forEach((controller) => controller.abort());
  }, []);

  const patch = (id: number, change: Partial<ClipUpload>) =>
    setUploads((old) =>
      old.map((upload) => (upload.id === id ? { ...upload, ...change } : upload)),
    );

  const add = (files: File[]) => {
    const room = LOG_LIMITS.recordingsPerLog - uploads.length;
    const taken = files.slice(0, Math.max(0, room));
    const refused = files.slice(taken.length).map((file) => ({
      id: nextId.current++,
      name: file.name,
      state: 'failed' as const,
      error: TOO_MANY_CLIPS,
    }));
    const started = taken.map((file) => {
      const id = nextId.current++;
      const controller = new AbortController();
      controllers.current.set(id, controller);
      uploadRecording(file, controller.signal)
        .then(({ objectPath, durationSeconds }) =>
          patch(id, { state: 'uploaded', objectPath, durationSeconds }),
        )
        .catch((error: unknown) => {
          if (!controller.signal.aborted) patch(id, { state: 'failed', error: failure(error) });
        })
        .finally(() => controllers.current.delete(id));
      return { id, name: file.name, state: 'uploading' as const };
    });
    setUploads((old) => [...old, ...started, ...refused]);
  };

  const remove = (id: number) => {
    controllers.current.get(id)?.abort();
    setUploads((old) => old.filter((upload) => upload.id !== id));
  };

  return {
    uploads,
    /** Forgets the clips once a log took them (its species may still have hours to decide). */
    clear: () => setUploads([]),
    add,
    remove,
    uploading: uploads.some((upload) => upload.state === 'uploading'),
    failed: uploads.some((upload) => upload.state === 'failed'),
    objectPaths: uploads.flatMap((upload) => (upload.objectPath ? [upload.objectPath] : [])),
  };
}

/** The server's words for a refusal, the size check's, or a lost connection's. */
function failure(error: unknown): string {
  if (error instanceof ApiError) return errorMessage(error, 'The clip could not be uploaded');
  if (error instanceof TypeError) return 'The clip could not be sent. Check your connection.';
  return error instanceof Error ? error.message : 'The clip could not be uploaded';
}
