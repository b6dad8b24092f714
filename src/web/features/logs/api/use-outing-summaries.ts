import { useQuery } from '@tanstack/react-query';
import { outingListSchema, type OutingSummary } from '../../../../common/outings/schemas';
import { OUTINGS_API_PATH } from '../../../../common/routes';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const byId = (list: { items: OutingSummary[] }) =>
  new Map(list.items.map((outing) => [outing.id, outing]));

/**
 * The outings of a page of logs, by id, for the headings of their logs (issue 34): one request
 * a page, their summaries only. Under the outings' key: an outing's edit or a log's write
 * refreshes them.
 */
export const useOutingSummaries = (ids: string[]) =>
  useQuery({
    queryKey: queryKeys.outings.some(ids),
    queryFn: ({ signal }) =>
      api(OUTINGS_API_PATH, outingListSchema, {
        query: { ids: ids.join(','), pageSize: ids.length },
        signal,
      }),
    enabled: ids.length > 0,
    select: byId,
  });
