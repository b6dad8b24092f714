import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  emptyFilters,
  listViewSearch,
  parseListSearch,
  toListSearch,
} from '../../src/common/logs/list-search.js';

// The list's URL state, shared by the list, the map, the entry chunk and the server.

describe('parseListSearch and toListSearch', () => {
  it('read and write the same state', () => {
    const state = {
      q: 'owl',
      filters: { ...emptyFilters, from: '2026-05-01', minCount: '2', place: 'Marsh' },
      page: 3,
    };
    const search = toListSearch(state);
    expect(search).toBe('q=owl&from=2026-05-01&minCount=2&place=Marsh&page=3');
    expect(parseListSearch(`?${search}`)).toEqual(state);
  });

  it('leaves out empty values and page 1', () => {
    expect(toListSearch({ q: '', filters: emptyFilters, page: 1 })).toBe('');
    expect(parseListSearch('')).toEqual({ q: '', filters: emptyFilters, page: 1 });
  });

  it('reads a bad page as page 1', () => {
    expect(parseListSearch('page=0').page).toBe(1);
    expect(parseListSearch('page=x').page).toBe(1);
    expect(parseListSearch('page=1.5').page).toBe(1);
  });
});

describe('countActiveFilters', () => {
  it('counts set filters only', () => {
    expect(countActiveFilters(emptyFilters)).toBe(0);
    expect(countActiveFilters({ ...emptyFilters, to: '2026-05-01', maxCount: '9' })).toBe(2);
    expect(countActiveFilters({ ...emptyFilters, place: '  ' })).toBe(0);
  });
});

describe('listViewSearch', () => {
  it('keeps the search and filters for the other view, and drops the page', () => {
    expect(listViewSearch('q=owl&place=Marsh&page=3&junk=1')).toBe('q=owl&place=Marsh');
    expect(listViewSearch('')).toBe('');
  });
});
