// What other features may use of the logs feature: the list's search box, filters and URL state
// (which the map shares), the read-only card (which the shared page shows), and the species
// picker's options and the user's own names (which the outing tally offers), and a log's query
// (which the app starts when a link to the log is pointed at), and the link to a record's source
// (which the outing page shows once for its checklist).
export { FiltersPopover } from './search/filters-popover';
export { SearchInput } from './search/search-input';
export { useListState } from './search/use-list-state';
export { LogDetailsCard } from './details/log-details-card';
export { SourceLink } from './details/record-details';
export { useSpecies } from './api/use-suggestions';
export { logQuery } from './api/use-log';
export {
  firstOption,
  labelOf,
  speciesOptions,
  taxonName,
  type SpeciesOption,
} from './form/species-options';
