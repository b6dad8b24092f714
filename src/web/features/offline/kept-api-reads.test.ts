import { describe, expect, it } from 'vitest';
import { isKeptApiRead } from './kept-api-reads';

describe('the API reads the service worker keeps offline', () => {
  it.each([
    '/api/auth/user', // the signed-in user, offline too
    '/api/logs',
    '/api/logs/5b1d',
    '/api/stats/summary',
    '/api/lists',
    '/api/outings',
  ])('keeps %s', (path) => expect(isKeptApiRead(path)).toBe(true));

  it.each([
    '/api/export.csv',
    '/api/export/dwca.zip',
    '/api/lists.csv',
    '/api/account/archive.zip',
    '/api/account/photo-positions',
    '/api/auth/invitation', // ?token=… must not sit in a cache
    '/api/taxa/pack',
    '/api/logout',
    '/objects/uploads/1',
  ])('never keeps %s', (path) => expect(isKeptApiRead(path)).toBe(false));
});
