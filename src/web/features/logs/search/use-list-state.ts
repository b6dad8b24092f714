import { useLocation, useSearch } from 'wouter';
import { parseListSearch, toListSearch, type ListState } from '../../../../common/logs/list-search';

/** The list's search, filters and page, read from and written to the URL query string. */
export function useListState() {
  const search = useSearch();
  const [location, navigate] = useLocation();
  const state = parseListSearch(search);

  const update = (change: Partial<ListState>) => {
    const next = toListSearch({ ...state, ...change });
    navigate(next ? `${location}?${next}` : location, { replace: true });
  };
  return [state, update] as const;
}
