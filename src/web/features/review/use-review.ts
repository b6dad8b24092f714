import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  reviewListSchema,
  type ReviewDecision,
  type ReviewQuery,
} from '../../../common/occurrence-api';
import { reviewSchema } from '../../../common/occurrences';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

// Issue 36: the review's calls (admins and reviewers; anyone else gets 403 "Reviewers only").

export function useReviewLogs({ status, page }: ReviewQuery) {
  return useQuery({
    queryKey: queryKeys.review.list(status, page),
    queryFn: ({ signal }) =>
      api('/api/review/logs', reviewListSchema, { query: { status, page }, signal }),
    placeholderData: keepPreviousData, // the old page stays while the next one loads
  });
}

/** A decision: the queue loses the record, and its owner's log (perhaps ours) gains it. */
export function useDecide() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: ReviewDecision }) =>
      api(`/api/review/logs/${encodeURIComponent(id)}`, reviewSchema, {
        method: 'POST',
        body: decision,
      }),
    onSuccess: () =>
      Promise.all(
        [queryKeys.review.all, queryKeys.logs.all].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}
