// The list's search, filters and page, kept in the URL query string so a reload or a shared
// link shows the same list (the map shares them). Values stay as typed. No zod here: the web
// app's entry chunk reads this to start the map's request early (main.tsx), and the landing page
// must not pay for zod; the server reads it to tell the browser of that request sooner still.

/**
 * `outingId`: one outing's logs (issue 22), set from the outing's page; no field of its own.
 * `flag`: 'unusual' keeps the logs flagged unusual where and when they were made (issue 36).
 */
export const filterNames = [
  'from',
  'to',
  'minCount',
  'maxCount',
  'place',
  'outingId',
  'flag',
] as const;
export type FilterName = (typeof filterNames)[number];
export type ListFilters = Record<FilterName, string>;

/** Logs on one page of the list (the API's default page size). */
export const PAGE_SIZE = 20;

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
  flag: '',
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

const labels: Record<FilterName, string> = {
  from: 'From Date',
  to: 'To Date',
  minCount: 'Min Count',
  maxCount: 'Max Count',
  place: 'Location',
  outingId: 'Outing',
  flag: 'Unusual only',
};

const isWholeCount = (text: string) => /^\d+$/.test(text) && Number(text) >= 1;

function isDay(text: string) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return year >= 1 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export interface FilterProblem {
  message: string;
  /** An inverted range is applied all the same (and matches nothing); a bad value is not. */
  applied: boolean;
}

/**
 * What is wrong with the typed filters (issue 23): a value the API would not take is left out
 * of the query, so its field says so instead of looking applied; an inverted range is flagged
 * on its second field.
 */
export function filterProblems(filters: ListFilters): Partial<Record<FilterName, FilterProblem>> {
  const problems: Partial<Record<FilterName, FilterProblem>> = {};
  const value = (name: FilterName) => filters[name].trim();
  const invalid = (name: FilterName, message: string) => {
    problems[name] = { message, applied: false };
  };
  for (const name of ['minCount', 'maxCount'] as const) {
    if (value(name) && !isWholeCount(value(name))) {
      invalid(name, `${labels[name]} must be a whole number of at least 1`);
    }
  }
  for (const name of ['from', 'to'] as const) {
    if (value(name) && !isDay(value(name))) invalid(name, `${labels[name]} must be a date`);
  }
  if (value('flag') && value('flag') !== 'unusual') invalid('flag', 'flag must be unusual');
  const inverted = (low: FilterName, high: FilterName, below: (a: string, b: string) => boolean) =>
    !problems[low] &&
    !problems[high] &&
    value(low) &&
    value(high) &&
    below(value(high), value(low));
  if (inverted('from', 'to', (a, b) => a < b)) {
    problems.to = { message: 'To Date is before From Date: nothing can match', applied: true };
  }
  if (inverted('minCount', 'maxCount', (a, b) => Number(a) < Number(b))) {
    problems.maxCount = {
      message: 'Max Count is below Min Count: nothing can match',
      applied: true,
    };
  }
  return problems;
}

/**
 * The badge on the Filters button: filters set and applied, the search text not counted
 * (SPEC §2); a value the query leaves out (Min Count 0, -5 or 'abc') is not counted.
 */
export function countActiveFilters(filters: ListFilters) {
  const problems = filterProblems(filters);
  const applied = (name: FilterName) =>
    filters[name].trim() !== '' && (problems[name]?.applied ?? true);
  return filterNames.filter(applied).length;
}

/** The search and filters that are set, trimmed, in the order the API query lists them. */
export function setFilterValues({ q, filters }: Pick<ListState, 'q' | 'filters'>) {
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries({ q, ...filters })) {
    if (value.trim() !== '') values[name] = value.trim();
  }
  return values;
}

/**
 * The list's first request, given the page's query string, when it is the plain list (no search,
 * no filters; any page): the server names it in the page and the app starts it before its code
 * has loaded. The same URL as the list page's own request (src/web/features/logs/search/list-query.test.ts).
 */
export function firstLogsPageUrl(search: string): string | undefined {
  const { q, filters, page } = parseListSearch(search);
  if (q.trim() || Object.values(filters).some((value) => value.trim())) return undefined;
  return `/api/logs?page=${page}&pageSize=${PAGE_SIZE}`;
}
