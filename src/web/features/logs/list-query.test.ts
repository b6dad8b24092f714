import { describe, expect, it } from 'vitest';
import { exportUrl, toPageQuery } from './list-query';
import { emptyFilters } from '../../../common/logs/list-search';

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
