import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import {
  aLog,
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';
import { listAsFor } from './support.js';

describe.each(stores)('logs API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const listAs = listAsFor(() => app);

  describe('validation (SPEC §5)', () => {
    let ada: TestUser;
    beforeAll(async () => {
      ada = await signUp(app, 'validation');
    });

    const long = (n: number) => 'x'.repeat(n);
    it.each([
      ['Species name is required', ['speciesCommon'], { speciesCommon: undefined }],
      ['Species name is required', ['speciesCommon'], { speciesCommon: '' }],
      ['Species name is required', ['speciesCommon'], { speciesCommon: '   ' }],
      [
        'Species name must be at most 200 characters',
        ['speciesCommon'],
        { speciesCommon: long(201) },
      ],
      [
        'Scientific name must be at most 200 characters',
        ['speciesScientific'],
        { speciesScientific: long(201) },
      ],
      ['Count must be at least 1', ['count'], { count: 0 }],
      ['Count must be at least 1', ['count'], { count: -3 }],
      ['Count must be a whole number', ['count'], { count: 1.5 }],
      ['Count must be a number', ['count'], { count: '2' }],
      ['Count must be a number', ['count'], { count: undefined }],
      ['Date and time are required', ['observedAt'], { observedAt: undefined }],
      ['Date and time are required', ['observedAt'], { observedAt: '' }],
      ['Date and time must be valid', ['observedAt'], { observedAt: 'yesterday' }],
      ['Date and time must be valid', ['observedAt'], { observedAt: '2026-02-30T10:00' }],
      ['Place name must be at most 500 characters', ['placeName'], { placeName: long(501) }],
      ['Description must be at most 2000 characters', ['description'], { description: long(2001) }],
      ['Notes must be at most 5000 characters', ['notes'], { notes: long(5001) }],
      ['isPublic must be true or false', ['isPublic'], { isPublic: 'yes' }],
      ['Must be a valid URL', ['photoLinks', 0], { photoLinks: ['not a url'] }],
      [
        'Must be a valid URL',
        ['photoLinks', 1],
        { photoLinks: ['https://ok.example/a.jpg', 'javascript:alert(1)'] },
      ],
      ['Must be a valid URL', ['photoLinks', 0], { photoLinks: ['ftp://files.example/a.jpg'] }],
      [
        'Must be an uploaded photo',
        ['uploadedPhotoUrls', 0],
        { uploadedPhotoUrls: ['/objects/uploads/../../etc/passwd'] },
      ],
      ['Latitude must be between -90 and 90', ['latitude'], { latitude: 91, longitude: 0 }],
      ['Latitude and longitude must be given together', ['longitude'], { latitude: 10 }],
      ['Unknown time zone', ['timeZone'], { timeZone: 'Mars/Olympus_Mons' }],
      ['Unknown time zone', ['timeZone'], { timeZone: '+01:00' }],
      ['timeKnown must be true or false', ['timeKnown'], { timeKnown: 'no' }],
      [
        'Coordinate uncertainty must be at least 1 metre',
        ['coordinateUncertainty'],
        { latitude: 1, longitude: 1, coordinateUncertainty: 0 },
      ],
      [
        'Coordinate uncertainty must be at most 20,000,000 metres',
        ['coordinateUncertainty'],
        { latitude: 1, longitude: 1, coordinateUncertainty: 20_000_001 },
      ],
      [
        'Coordinate uncertainty must be a whole number of metres',
        ['coordinateUncertainty'],
        { latitude: 1, longitude: 1, coordinateUncertainty: 2.5 },
      ],
    ])('rejects with %s (case %#)', async (message, path, overrides) => {
      const payload = { ...aLog(), ...overrides } as Record<string, unknown>;
      const res = await app.inject({ method: 'POST', url: '/api/logs', headers: as(ada), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message, issues: [{ path, message }] });
    });

    it('accepts the longest names in characters of three and four bytes', async () => {
      // The list's index holds the common name and both names in lower case (migration 0008):
      // they must fit an index row. A four-byte character counts two towards the limits.
      const longest = await createLogAs(app, ada, {
        speciesCommon: '鳥'.repeat(200),
        speciesScientific: 'Ｒ'.repeat(200),
        placeName: '鳥'.repeat(500),
      });
      const emoji = await createLogAs(app, ada, {
        speciesCommon: '🐦'.repeat(100), // 200 characters as the browser counts them
        speciesScientific: '🐦'.repeat(100),
      });
      const search = async (q: string) =>
        (await listAs(ada, `?q=${encodeURIComponent(q)}`)).items.map((log) => log.id);
      expect(await search('ＲＲ')).toEqual([longest.id]);
      expect(await search('🐦')).toEqual([emoji.id]);
    });

    it('accepts every field at its longest', async () => {
      const log = await createLogAs(app, ada, {
        speciesCommon: long(200),
        speciesScientific: long(200),
        placeName: long(500),
        description: long(2000),
        notes: long(5000),
      });
      expect(log).toMatchObject({ speciesCommon: long(200), notes: long(5000) });
    });

    it('names the first problem and lists them all', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: as(ada),
        payload: { count: 0, observedAt: '2026-05-01T06:30' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        message: 'Species name is required',
        issues: [
          { path: ['speciesCommon'], message: 'Species name is required' },
          { path: ['count'], message: 'Count must be at least 1' },
        ],
      });
    });

    it('refuses a body that is not JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { ...as(ada), 'content-type': 'application/json' },
        payload: '{"speciesCommon":',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
    });
  });
});
