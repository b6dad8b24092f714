import { describe, expect, it } from 'vitest';
import type { ListItem } from '../../../common/lists';
import {
  distinctPlaces,
  otherTaxaLine,
  emptyListText,
  listCsvUrl,
  listQuery,
  parseListsSearch,
  pickerYears,
  speciesLogsHref,
  toListsSearch,
} from './list-state';

const now = new Date('2026-07-01T12:00:00Z');
const item = (overrides: Partial<ListItem> = {}): ListItem => ({
  key: 'name:robin',
  countsAsSpecies: true,
  taxonId: null,
  commonName: 'Robin',
  scientificName: 'Erithacus rubecula',
  firstObservedAt: '2026-01-02T09:00:00.000Z',
  firstLogId: '00000000-0000-4000-8000-000000000001',
  firstTimeZone: null,
  firstTimeKnown: true,
  lastObservedAt: '2026-03-02T09:00:00.000Z',
  logs: 2,
  individuals: 3,
  ...overrides,
});

describe('the lists page state', () => {
  it('reads defaults from a plain URL and writes them back as one', () => {
    const state = parseListsSearch('', now);
    expect(state).toEqual({ kind: 'life', year: 2026, place: '', sort: 'first', captive: false });
    expect(toListsSearch(state, now)).toBe('');
  });

  it('counts captive and cultivated logs only when the URL asks for them', () => {
    const state = parseListsSearch('captive=include', now);
    expect(state.captive).toBe(true);
    expect(toListsSearch(state, now)).toBe('captive=include');
    expect(listQuery(state, 'UTC')).toEqual({ kind: 'life', sort: 'first', captive: 'include' });
    expect(listCsvUrl(listQuery(state, 'UTC')!)).toBe(
      '/api/lists.csv?kind=life&sort=first&captive=include',
    );
  });

  it('keeps kind, year, place and sort in the URL, dropping what the kind ignores', () => {
    const year = parseListsSearch('kind=year&year=2024&sort=name&place=Kew', now);
    expect(year).toEqual({ kind: 'year', year: 2024, place: 'Kew', sort: 'name', captive: false });
    expect(toListsSearch(year, now)).toBe('kind=year&year=2024&sort=name');
    const place = { ...year, kind: 'place' as const };
    expect(toListsSearch(place, now)).toBe('kind=place&place=Kew&sort=name');
  });

  it('falls back to the defaults for values it does not know', () => {
    expect(parseListsSearch('kind=county&year=soon&sort=size&captive=yes', now)).toEqual({
      kind: 'life',
      year: 2026,
      place: '',
      sort: 'first',
      captive: false,
    });
  });

  it('asks the API for the list shown, with the zone for year lists', () => {
    const base = parseListsSearch('', now);
    expect(listQuery(base, 'Europe/Paris')).toEqual({ kind: 'life', sort: 'first' });
    expect(listQuery({ ...base, kind: 'year', year: 2025 }, 'Europe/Paris')).toEqual({
      kind: 'year',
      sort: 'first',
      year: '2025',
      tz: 'Europe/Paris',
    });
    expect(listQuery({ ...base, kind: 'place' }, 'UTC')).toBeUndefined();
    const place = listQuery({ ...base, kind: 'place', place: 'Hyde Park' }, 'UTC');
    expect(place).toEqual({ kind: 'place', sort: 'first', place: 'Hyde Park' });
    expect(listCsvUrl(place ?? {})).toBe('/api/lists.csv?kind=place&sort=first&place=Hyde+Park');
  });

  it("links a row to the list's search for its species, in the list's year or place", () => {
    const life = parseListsSearch('', now);
    expect(speciesLogsHref(item(), life)).toBe('/?q=Robin');
    const owl = item({
      key: 'gbif:2497921',
      taxonId: 'gbif:2497921',
      commonName: 'Schleiereule',
      scientificName: 'Tyto alba',
    });
    expect(speciesLogsHref(owl, { ...life, kind: 'year', year: 2025 })).toBe(
      '/?q=Tyto+alba&from=2025-01-01&to=2025-12-31',
    );
    expect(speciesLogsHref(item(), { ...life, kind: 'place', place: 'Hyde Park' })).toBe(
      '/?q=Robin&place=Hyde+Park',
    );
  });

  it('offers each place once and the years back to 1950', () => {
    expect(distinctPlaces(['hyde park', 'Kew', ' Hyde Park', 'Abbey Road', ''])).toEqual([
      'Abbey Road',
      'hyde park',
      'Kew',
    ]);
    const years = pickerYears(2020, now);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1950);
    expect(pickerYears(1901, now).at(-1)).toBe(1901);
  });

  it('says why a list is empty', () => {
    const base = parseListsSearch('', now);
    expect(emptyListText(base, false).title).toBe('No species on your life list yet');
    expect(emptyListText({ ...base, kind: 'year', year: 2001 }, true)).toEqual({
      title: 'No species in 2001',
      description: 'You logged no sightings in 2001. Choose another year.',
    });
    expect(emptyListText({ ...base, kind: 'place' }, false).title).toBe('No places yet');
    expect(emptyListText({ ...base, kind: 'place' }, true).title).toBe('Choose a place');
  });

  it('writes the line of the entries that count as no species as eBird does', () => {
    expect(otherTaxaLine(1)).toBe('+ 1 other taxon');
    expect(otherTaxaLine(1234)).toBe('+ 1,234 other taxa');
  });
});
