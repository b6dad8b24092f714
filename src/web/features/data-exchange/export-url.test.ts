import { describe, expect, it } from 'vitest';
import { exportUrl } from './export-url';
import { emptyFilters } from '../../../common/logs/list-search';

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
