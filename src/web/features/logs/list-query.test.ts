import { describe, expect, it } from 'vitest';
import { exportUrl, toPageQuery } from './list-query';
import {
  countActiveFilters,
  emptyFilters,
  listViewSearch,
  parseListSearch,
  toListSearch,
} from '../../../common/list-search';

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

describe('toPageQuery', () => {
  it('sends only non-empty, valid values', () => {
    expect(
      toPageQuery({
        q: ' owl ',
        filters: { ...emptyFilters, from: '2026-05-01', minCount: '0', maxCount: '5', place: '' },
        page: 2,
      }),
    ).toEqual({ q: 'owl', from: '2026-05-01', maxCount: 5, page: 2, pageSize: 20 });
  });
});

describe('exportUrl', () => {
  it('carries the search and filters, not the page', () => {
    expect(
      exportUrl({ q: 'owl', filters: { ...emptyFilters, place: 'Marsh Lane' }, page: 4 }),
    ).toBe('/api/export.csv?q=owl&place=Marsh+Lane');
    expect(exportUrl({ q: '', filters: emptyFilters, page: 1 })).toBe('/api/export.csv?');
    expect(exportUrl({ q: 'owl', filters: emptyFilters, page: 2 }, 'export.geojson')).toBe(
      '/api/export.geojson?q=owl',
    );
  });
});

describe('listViewSearch', () => {
  it('keeps the search and filters for the other view, and drops the page', () => {
    expect(listViewSearch('q=owl&place=Marsh&page=3&junk=1')).toBe('q=owl&place=Marsh');
    expect(listViewSearch('')).toBe('');
  });
});
