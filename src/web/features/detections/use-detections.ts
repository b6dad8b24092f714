import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  detectionDecisionSchema,
  detectionImportResultSchema,
  outingDetectionsSchema,
  type DetectionConfirm,
  type DetectionReject,
} from '../../../common/detections';
import { logSchema } from '../../../common/logs/schemas';
import { outingApiPath } from '../../../common/routes';
import { api, type ReplyParser } from '@/lib/api-client';
import { afterLogWrite, queryKeys } from '@/lib/query-keys';

// The calls of issue 37's detections: the import (a dry run first), an outing's list to confirm,
// and a person's decision on a species.

/** The import's query options as the dialog has them: text, '' when not given. */
export interface DetectionImportChoices {
  minConfidence: string;
  recordingStart: string;
  latitude: string;
  longitude: string;
  timeZone: string;
  outingId?: string;
}

export interface DetectionImportRequest {
  file: File;
  choices: DetectionImportChoices;
  dryRun: boolean;
}

/** The body is the file itself (the route takes no form); a CSV as CSV, anything else as text. */
const bodyType = (file: File) => (/\.csv$/i.test(file.name) ? 'text/csv' : 'text/plain');

const postDetections = ({ file, choices, dryRun }: DetectionImportRequest) =>
  api('/api/detections/import', detectionImportResultSchema, {
    method: 'POST',
    body: file,
    headers: { 'Content-Type': bodyType(file) },
    query: { ...choices, fileName: file.name, dryRun },
  });

/** Checks (dryRun) or imports a detection file; an import refreshes the outings it went on. */
export function useImportDetections() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: postDetections,
    onSuccess: (_result, { dryRun }) => {
      if (!dryRun) return queryClient.invalidateQueries({ queryKey: queryKeys.outings.all });
    },
  });
}

/** GET /api/outings/:id/detections: the groups to confirm and the species decided. */
export const useOutingDetections = (outingId: string) =>
  useQuery({
    queryKey: queryKeys.outings.detections(outingId),
    queryFn: ({ signal }) =>
      api(`${outingApiPath(outingId)}/detections`, outingDetectionsSchema, { signal }),
  });

type Decision =
  { action: 'confirm'; choice: DetectionConfirm } | { action: 'reject'; choice: DetectionReject };

/**
 * Confirms (a log of the outing) or rejects a species' detections. Either way, and on a 409 (the
 * list was out of date), the list is read again; a confirmation also refreshes the logs' views.
 */
export function useDecideDetections(outingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ action, choice }: Decision): Promise<unknown> => {
      const path = `${outingApiPath(outingId)}/detections/${action}`;
      const reply: ReplyParser<unknown> =
        action === 'confirm' ? logSchema : detectionDecisionSchema;
      return api(path, reply, { method: 'POST', body: choice });
    },
    onSettled: (_reply, _error, { action }) => {
      const stale = action === 'confirm' ? afterLogWrite : [queryKeys.outings.all];
      return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
