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

  it("adds the file's own parameters after the filters", () => {
    expect(
      exportUrl({ q: 'owl', filters: emptyFilters, page: 1 }, 'export/dwca.zip', {
        scope: 'public',
        license: 'CC0-1.0',
      }),
    ).toBe('/api/export/dwca.zip?q=owl&scope=public&license=CC0-1.0');
    expect(
      exportUrl({ q: '', filters: emptyFilters, page: 1 }, 'export.csv', { format: 'dwc' }),
    ).toBe('/api/export.csv?format=dwc');
  });
});
