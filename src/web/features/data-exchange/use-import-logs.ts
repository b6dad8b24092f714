import { useMutation, useQueryClient } from '@tanstack/react-query';
import { importResultSchema } from '../../../common/data-exchange/import';
import { api } from '@/lib/api-client';
import { afterLogWrite } from '@/lib/query-keys';

/** Imports a CSV file (all rows or none); a 422 ApiError carries the rejected rows. */
export function useImportLogs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) =>
      api('/api/import', importResultSchema, {
        method: 'POST',
        // .csv files reach browsers with assorted types; the server reads the bytes as CSV
        body: file.type ? file : new Blob([file], { type: 'text/csv' }),
      }),
    onSuccess: () =>
      afterLogWrite.forEach((queryKey) => void queryClient.invalidateQueries({ queryKey })),
  });
}
