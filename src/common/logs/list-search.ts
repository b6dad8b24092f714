// The list's search, filters and page, kept in the URL query string so a reload or a shared
// link shows the same list (the map shares them). Values stay as typed. No zod here: the web
// app's entry chunk reads this to start the map's request early (main.tsx), and the landing page
// must not pay for zod; the server reads it to tell the browser of that request sooner still.

/** `outingId`: one outing's logs (issue 22), set from the outing's page; no field of its own. */
export const filterNames = ['from', 'to', 'minCount', 'maxCount', 'place', 'outingId'] as const;
export type FilterName = (typeof filterNames)[number];
export type ListFilters = Record<FilterName, string>;

export interface ListState {
  q: string;
  filters: ListFilters;
  page: number;
}

export const emptyFilters: ListFilters = {
  from: '',
  to: '',
  minCount: '',
  maxCount: '',
  place: '',
  outingId: '',
};

export function parseListSearch(search: string): ListState {
  const params = new URLSearchParams(search);
  const filters = { ...emptyFilters };
  for (const name of filterNames) filters[name] = params.get(name) ?? '';
  const page = Number(params.get('page'));
  return {
    q: params.get('q') ?? '',
    filters,
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** Empty values and page 1 are left out, so the plain list has a plain URL. */
export function toListSearch({ q, filters, page }: ListState): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  for (const name of filterNames) if (filters[name]) params.set(name, filters[name]);
  if (page > 1) params.set('page', String(page));
  return params.toString();
}

/**
 * The search and filters of a query string, without the page: what the list and the map
 * hand each other when the user switches view (they share their URL state).
 */
export const listViewSearch = (search: string) =>
  toListSearch({ ...parseListSearch(search), page: 1 });

/** The badge on the Filters button: set filters, the search text not counted (SPEC §2). */
export const countActiveFilters = (filters: ListFilters) =>
  filterNames.filter((name) => filters[name].trim() !== '').length;

/** The search and filters that are set, trimmed, in the order the API query lists them. */
export function setFilterValues({ q, filters }: Pick<ListState, 'q' | 'filters'>) {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries({ q, ...filters })) {
    if (value.trim() !== '') values[name] = value.trim();
  }
  return values;
}
