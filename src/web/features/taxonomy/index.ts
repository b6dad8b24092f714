// What other features may use of the taxonomy feature: the species search behind the pickers.
export { searchTaxa } from './search';
