import { describe, expect, it } from 'vitest';
import { toPageQuery } from './list-query';
import { emptyFilters } from '../../../../common/logs/list-search';

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
