import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { as, createLogAs, signUp, stores, testConfig } from '../support/helpers.js';

// SPEC §2 "Public shared log": the API behind the shared page (GET /api/logs/shared/:id).

describe.each(stores)('logs API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  describe('shared logs', () => {
    it('shows a public log to anyone, without its owner id, and hides private ones', async () => {
      const ada = await signUp(app, 'share');
      const open = await createLogAs(app, ada, {
        isPublic: true,
        notes: 'Nest by the old barn',
        photoLinks: ['https://photos.example/x.jpg'],
      });
      const secret = await createLogAs(app, ada, { isPublic: false });

      const res = await app.inject({ method: 'GET', url: `/api/logs/shared/${open.id}` });
      expect(res.statusCode).toBe(200);
      // nothing of its owner: their id, or what their other logs say
      const {
        userId: _owner,
        lifer: _lifer,
        firstOfSpecies: _first,
        outingId: _outing,
        // nor the place hierarchy of its source (issue 32)
        county: _county,
        stateProvince: _state,
        countryCode: _country,
        locationId: _location,
        // the owner's choices of location privacy (issue 35)
        locationPrivacy: _privacy,
        locationEmbargoUntil: _embargo,
        // its flags and their review stay between the owner and the reviewers (issue 36)
        unusual: _unusual,
        review: _review,
        ...expected
      } = open;
      // and how its place shows: this open log without coordinates, as it is
      expect(res.json()).toEqual({ ...expected, locationCell: null, locationExact: false });
      // notes show wherever the log is public, as the public archive has them (issue 34)
      expect(res.json().notes).toBe('Nest by the old barn');
      expect(res.body).not.toContain(ada.id);

      for (const id of [secret.id, '00000000-0000-4000-8000-000000000000', 'nope']) {
        const hidden = await app.inject({ method: 'GET', url: `/api/logs/shared/${id}` });
        expect(hidden.statusCode).toBe(404);
        expect(hidden.json()).toEqual({ message: 'Log not found' });
      }
      // Even its owner gets 404 here: the page shows only what the public would see.
      const own = await app.inject({
        method: 'GET',
        url: `/api/logs/shared/${secret.id}`,
        headers: as(ada),
      });
      expect(own.statusCode).toBe(404);
    });
  });
});
