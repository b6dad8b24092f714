import { toListSearch, emptyFilters } from '../../../common/logs/list-search';
import { appRoutes } from '../../../common/routes';
import {
  LIST_YEARS,
  listKinds,
  listSorts,
  type ListItem,
  type ListKind,
  type ListSort,
} from '../../../common/lists';

// Pure rules of the lists page: its state in the URL (/lists?kind=year&year=2025&sort=name),
// the API query it makes, the CSV link and where each row leads.

export interface ListsState {
  kind: ListKind;
  year: number;
  /** '' until the user chooses one of their places. */
  place: string;
  sort: ListSort;
  /** Captive and cultivated logs counted too (issue 32); off by default, as on eBird. */
  captive: boolean;
}

export const currentYear = (now = new Date()) => now.getFullYear();

const oneOf = <T extends string>(values: readonly T[], value: string | null, fallback: T): T =>
  values.find((known) => known === value) ?? fallback;

export function parseListsSearch(search: string, now = new Date()): ListsState {
  const params = new URLSearchParams(search);
  const year = Number(params.get('year'));
  const validYear = Number.isInteger(year) && year >= LIST_YEARS.min && year <= LIST_YEARS.max;
  return {
    kind: oneOf(listKinds, params.get('kind'), 'life'),
    year: validYear ? year : currentYear(now),
    place: params.get('place')?.trim() ?? '',
    sort: oneOf(listSorts, params.get('sort'), 'first'),
    captive: params.get('captive') === 'include',
  };
}

/** Only what differs from the defaults, so the life list's URL is plain /lists. */
export function toListsSearch(state: ListsState, now = new Date()): string {
  const params = new URLSearchParams();
  if (state.kind !== 'life') params.set('kind', state.kind);
  if (state.kind === 'year' && state.year !== currentYear(now)) {
    params.set('year', String(state.year));
  }
  if (state.kind === 'place' && state.place) params.set('place', state.place);
  if (state.sort !== 'first') params.set('sort', state.sort);
  if (state.captive) params.set('captive', 'include');
  return params.toString();
}

/**
 * The API query of the list shown, or undefined while a place list has no place. `tz` is the
 * browser's zone: a year list reads logs without a zone of their own on its calendar.
 */
export function listQuery(state: ListsState, tz: string): Record<string, string> | undefined {
  const query: Record<string, string> = { kind: state.kind, sort: state.sort };
  if (state.captive) query.captive = 'include';
  if (state.kind === 'year') Object.assign(query, { year: String(state.year), tz });
  if (state.kind === 'place') {
    if (!state.place) return undefined;
    query.place = state.place;
  }
  return query;
}

export const listCsvUrl = (query: Record<string, string>) =>
  `/api/lists.csv?${new URLSearchParams(query).toString()}`;

/**
 * The logs of a row's species, as the list's search can find them: the list filters by text, not
 * by taxon, so a linked species is searched by its scientific name (the same in every language,
 * and what the picker and the imports fill in), a free-text one by its common name; a year list
 * adds that year's dates, a place list its place.
 */
export function speciesLogsHref(item: ListItem, state: ListsState): string {
  const q = item.taxonId && item.scientificName ? item.scientificName : item.commonName;
  const filters = { ...emptyFilters };
  if (state.kind === 'year') {
    filters.from = `${state.year}-01-01`;
    filters.to = `${state.year}-12-31`;
  }
  if (state.kind === 'place') filters.place = state.place;
  const search = toListSearch({ q, filters, page: 1 });
  return `${appRoutes.home}?${search}`;
}

/** The user's place names, once each whatever their case or spaces, A to Z. */
export function distinctPlaces(places: readonly string[]): string[] {
  const seen = new Map<string, string>();
  for (const place of places) {
    const trimmed = place.trim();
    const key = trimmed.toLocaleLowerCase();
    if (trimmed && !seen.has(key)) seen.set(key, trimmed);
  }
  return [...seen.values()].sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/** The years the picker offers: this year back to 1950, and the chosen one if older. */
export function pickerYears(chosen: number, now = new Date()): number[] {
  const last = currentYear(now);
  const years = Array.from({ length: last - 1950 + 1 }, (_, index) => last - index);
  if (!years.includes(chosen)) years.push(chosen);
  return years.sort((a, b) => b - a);
}

export const speciesCount = (total: number) => `${total.toLocaleString()} species`;

/** The entries that count as no species (spuhs, slashes, hybrids), as eBird writes it. */
export const otherTaxaLine = (others: number) =>
  `+ ${others.toLocaleString()} other ${others === 1 ? 'taxon' : 'taxa'}`;

export interface EmptyListText {
  title: string;
  description: string;
}

/** What an empty list says, by kind. */
export function emptyListText(state: ListsState, hasPlaces: boolean): EmptyListText {
  switch (state.kind) {
    case 'life':
      return {
        title: 'No species on your life list yet',
        description: 'Log a sighting to start it: every species you log appears here once.',
      };
    case 'year':
      return {
        title: `No species in ${state.year}`,
        description:
          state.year === currentYear()
            ? 'Log a sighting this year to start your year list.'
            : `You logged no sightings in ${state.year}. Choose another year.`,
      };
    case 'place':
      if (!hasPlaces) {
        return {
          title: 'No places yet',
          description: 'Give your sightings a place name to keep a list for each place.',
        };
      }
      return state.place
        ? {
            title: `No species at ${state.place}`,
            description: 'Choose another place, or log a sighting here.',
          }
        : {
            title: 'Choose a place',
            description: 'Pick one of your places to see the species you have seen there.',
          };
  }
}
