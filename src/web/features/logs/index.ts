// What other features may use of the logs feature: the list's search box, filters and URL state
// (which the map shares), and the read-only card (which the shared page shows).
export { FiltersPopover } from './search/filters-popover';
export { SearchInput } from './search/search-input';
export { useListState } from './search/use-list-state';
export { LogDetailsCard } from './details/log-details-card';
