// What other features may use of the logs feature: the list's search, filters and URL state,
// which the map shares.
export { FiltersPopover } from './filters-popover';
export {
  countActiveFilters,
  emptyFilters,
  exportUrl,
  listViewSearch,
  toFilterQuery,
  type ListState,
} from './list-query';
export { SearchInput } from './search-input';
export { useListState } from './use-list-state';
