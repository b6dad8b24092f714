// What other features may use of the logs feature: the list's search box, filters and URL state
// (which the map shares), and the read-only card (which the shared page shows).
export { FiltersPopover } from './filters-popover';
export { SearchInput } from './search-input';
export { useListState } from './use-list-state';
export { LogDetailsCard } from './log-details-page';
