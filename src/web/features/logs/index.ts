// What other features may use of the logs feature: the list's search, filters and URL state
// (which the map shares), and the read-only card (which the shared page shows).
export { FiltersPopover } from './filters-popover';
export { exportUrl, toFilterQuery } from './list-query';
export {
  countActiveFilters,
  emptyFilters,
  listViewSearch,
  type ListState,
} from '../../../common/logs/list-search';
export { SearchInput } from './search-input';
export { useListState } from './use-list-state';
export { LogDetailsCard } from './log-details-page';
