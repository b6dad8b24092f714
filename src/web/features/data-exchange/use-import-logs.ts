import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  IMPORT_FILE_FIELD,
  importResultSchema,
  type ImportInvalidMode,
} from '../../../common/data-exchange/import';
import { ApiError, buildUrl } from '@/lib/api-client';
import { afterLogWrite } from '@/lib/query-keys';

export interface ImportRequest {
  file: File;
  dryRun: boolean;
  onInvalid: ImportInvalidMode;
  /** The share of the file sent so far (0–1); 1 once it is all sent and the server works. */
  onProgress?: (sent: number) => void;
}

const readJson = (text: string): unknown => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/**
 * Sends the file as a form (its `file` field), by XMLHttpRequest: fetch tells nothing of an
 * upload's progress. A refusal is an ApiError whose details hold the report (422) or message.
 */
function postImport({ file, dryRun, onInvalid, onProgress }: ImportRequest) {
  return new Promise<ReturnType<typeof importResultSchema.parse>>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', buildUrl('/api/import', { dryRun, onInvalid }));
    request.withCredentials = true;
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(event.loaded / event.total);
    };
    request.upload.onload = () => onProgress?.(1);
    request.onerror = () => reject(new TypeError('Failed to fetch'));
    request.onload = () => {
      const details = readJson(request.responseText);
      if (request.status >= 200 && request.status < 300) {
        resolve(importResultSchema.parse(details));
        return;
      }
      const message =
        typeof details === 'object' && details !== null && 'message' in details
          ? String(details.message)
          : request.statusText;
      reject(
        new ApiError(
          request.status,
          { message },
          `${request.status}: ${request.responseText || request.statusText}`,
          details,
        ),
      );
    };
    const form = new FormData();
    form.append(IMPORT_FILE_FIELD, file);
    request.send(form);
  });
}

/** Checks (dryRun) or imports a CSV file; a real import refreshes every view of the logs. */
export function useImportLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postImport,
    onSuccess: (_result, { dryRun }) => {
      if (dryRun) return;
      afterLogWrite.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey }));
    },
  });
}
