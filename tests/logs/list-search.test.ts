import { describe, expect, it } from 'vitest';
import {
  countActiveFilters,
  filterProblems,
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

  it('keeps "Unusual only" in the URL', () => {
    const state = { q: '', filters: { ...emptyFilters, flag: 'unusual' }, page: 1 };
    expect(toListSearch(state)).toBe('flag=unusual');
    expect(parseListSearch('?flag=unusual')).toEqual(state);
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

  it('does not count a value the query leaves out', () => {
    for (const minCount of ['0', '-5', 'abc', '1.5']) {
      expect(countActiveFilters({ ...emptyFilters, minCount })).toBe(0);
    }
    expect(countActiveFilters({ ...emptyFilters, from: '2026-02-30' })).toBe(0);
    expect(countActiveFilters({ ...emptyFilters, minCount: '3' })).toBe(1);
    // "Unusual only" (issue 36) is a filter; a flag the API does not know is not applied
    expect(countActiveFilters({ ...emptyFilters, flag: 'unusual', minCount: '3' })).toBe(2);
    expect(countActiveFilters({ ...emptyFilters, flag: 'rare' })).toBe(0);
  });
});

describe('filterProblems', () => {
  it('names a value the API would not take, and flags an inverted range that is applied', () => {
    expect(filterProblems({ ...emptyFilters, minCount: '0', to: 'soon' })).toEqual({
      minCount: { message: 'Min Count must be a whole number of at least 1', applied: false },
      to: { message: 'To Date must be a date', applied: false },
    });
    const inverted = {
      ...emptyFilters,
      from: '2026-05-02',
      to: '2026-05-01',
      minCount: '10',
      maxCount: '9',
    };
    expect(filterProblems(inverted)).toEqual({
      to: { message: 'To Date is before From Date: nothing can match', applied: true },
      maxCount: { message: 'Max Count is below Min Count: nothing can match', applied: true },
    });
    expect(countActiveFilters(inverted)).toBe(4);
    expect(filterProblems({ ...emptyFilters, from: '2026-05-01', to: '2026-05-01' })).toEqual({});
  });
});

describe('listViewSearch', () => {
  it('keeps the search and filters for the other view, and drops the page', () => {
    expect(listViewSearch('q=owl&place=Marsh&page=3&junk=1')).toBe('q=owl&place=Marsh');
    expect(listViewSearch('')).toBe('');
  });
});
