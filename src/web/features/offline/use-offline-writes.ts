import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { currentUserId, queryKeys } from '@/lib/query-keys';
import { dismissRejectedWrite, readOfflineWrites } from './offline-queue';

/** The writes waiting for a connection and those the server refused on replay. */
export function useOfflineWrites() {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: queryKeys.offlineWrites,
    queryFn: () => readOfflineWrites(currentUserId(queryClient) ?? ''),
    networkMode: 'always', // IndexedDB needs no connection
  });
}

export function useDismissRejectedWrite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: dismissRejectedWrite,
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.offlineWrites }),
  });
}
