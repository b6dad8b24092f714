import { describe, expect, it } from 'vitest';
import { toPageQuery } from './list-query';
import {
  emptyFilters,
  firstLogsPageUrl,
  parseListSearch,
} from '../../../../common/logs/list-search';
import { buildUrl } from '@/lib/api-client';

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

describe('the first page of the plain list', () => {
  // the server names this URL in the page and main.tsx starts it; the list takes the reply only
  // when its own request has the very same URL
  it.each(['', '?page=3', '?page=0', '?page=x', '?place=', '?view=map'])(
    'is the URL the list asks for itself, for %j',
    (search) => {
      const own = buildUrl('/api/logs', toPageQuery(parseListSearch(search)));
      expect(firstLogsPageUrl(search)).toBe(own);
    },
  );

  it('is not started early with a search or a filter: those are checked first', () => {
    expect(firstLogsPageUrl('?q=owl')).toBeUndefined();
    expect(firstLogsPageUrl('?minCount=2&page=2')).toBeUndefined();
    expect(firstLogsPageUrl('?outingId=5d0c7b7e-1d0a-4a43-9d59-06e1c0a0b6c4')).toBeUndefined();
  });
});
