import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { sharedOutingPath } from '../../src/common/routes.js';
import {
  as,
  createLogAs,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';

// A public outing for anyone with its link (issue 22): GET /api/outings/shared/:id and the page
// /shared/outings/:id with its link preview, as a shared log has them.

const webRoot = fileURLToPath(new URL('../fixtures/web/', import.meta.url));

/** The content of `<meta {attribute}="{key}">`, as written (still escaped). */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

describe.each(stores)('shared outings on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let ada: TestUser;
  beforeAll(async () => {
    app = await buildApp(
      testConfig({ databaseUrl, webRoot, publicUrl: 'https://birds.example', appName: 'Birdbook' }),
    );
    ada = await signUp(app, 'sharer');
  });
  afterAll(() => app.close());

  const startOuting = async (isPublic: boolean, placeName = 'Wicken Fen') => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(ada),
      payload: {
        startedAt: '2026-05-02T06:10:00+01:00',
        timeZone: 'Europe/London',
        durationMinutes: 95,
        distanceKm: 3.4,
        protocol: 'traveling',
        partySize: 2,
        complete: true,
        placeName,
        latitude: 52.310612,
        longitude: 0.292345,
        notes: 'Cold start, sun later',
        isPublic,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().id as string;
  };

  /** A public outing: a Bittern (exact point allowed, a photo), two Wrens, a private Crane. */
  async function sharedWalk() {
    const id = await startOuting(true);
    const photo = await uploadPhotoAs(app, ada);
    const bittern = await createLogAs(app, ada, {
      speciesCommon: 'Bittern',
      count: 1,
      outingId: id,
      observedAt: '2026-05-02T06:20:00+01:00',
      latitude: 52.311234,
      longitude: 0.293456,
      showExactLocation: true,
      uploadedPhotoUrls: [photo],
    });
    const wren = await createLogAs(app, ada, {
      speciesCommon: 'Wren',
      count: 3,
      outingId: id,
      observedAt: '2026-05-02T06:30:00+01:00',
      latitude: 52.312345,
      longitude: 0.294567,
    });
    await createLogAs(app, ada, {
      speciesCommon: 'Secret Crane',
      count: 2,
      outingId: id,
      placeName: 'Nest reedbed',
      isPublic: false,
    });
    return { id, photo, bittern, wren };
  }

  it('shows a public outing and its public logs to anyone, without its owner', async () => {
    const { id, bittern, wren } = await sharedWalk();
    const res = await app.inject({ method: 'GET', url: `/api/outings/shared/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    const shared = res.json();
    expect(shared).toMatchObject({
      id,
      startedAt: '2026-05-02T05:10:00.000Z',
      timeZone: 'Europe/London',
      durationMinutes: 95,
      distanceKm: 3.4,
      protocol: 'traveling',
      partySize: 2,
      complete: true,
      placeName: 'Wicken Fen',
      latitude: 52.31, // rounded: an outing has no exact-location choice
      longitude: 0.29,
      notes: 'Cold start, sun later',
      isPublic: true,
      species: 2, // the private log is neither shown nor counted
      individuals: 4,
    });
    expect(shared.logs.map((log: { id: string }) => log.id)).toEqual([bittern.id, wren.id]);
    expect(shared.logs[0]).toMatchObject({ latitude: 52.311234, longitude: 0.293456 });
    expect(shared.logs[1]).toMatchObject({ latitude: 52.31, longitude: 0.29 });
    for (const log of shared.logs) {
      for (const ownersOnly of ['userId', 'firstOfSpecies', 'outingId']) {
        expect(log).not.toHaveProperty(ownersOnly);
      }
    }
    for (const secret of [ada.id, ada.email, 'Secret Crane', 'Nest reedbed', '52.312345']) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('answers 404 for a private, unknown or malformed outing, even to its owner', async () => {
    const hidden = await startOuting(false, 'Hidden Marsh');
    await createLogAs(app, ada, { speciesCommon: 'Secret Owl', outingId: hidden });
    for (const id of [hidden, '00000000-0000-4000-8000-000000000000', 'nope']) {
      for (const headers of [{}, as(ada)]) {
        const res = await app.inject({ method: 'GET', url: `/api/outings/shared/${id}`, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ message: 'Outing not found' });
      }
    }
  });

  it('serves the page with the outing’s link preview', async () => {
    const { id, photo } = await sharedWalk();
    const res = await app.inject({ method: 'GET', url: sharedOutingPath(id) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<title>Outing at Wicken Fen - Birdbook</title>');
    expect(metaContent(html, 'og:title')).toBe('Outing at Wicken Fen');
    const description =
      '2 species and 4 individuals at Wicken Fen on May 2, 2026 (traveling, 95 minutes, 3.4 km)';
    expect(metaContent(html, 'og:description')).toBe(description);
    expect(metaContent(html, 'description')).toBe(description);
    expect(metaContent(html, 'og:url')).toBe(`https://birds.example/shared/outings/${id}`);
    expect(metaContent(html, 'og:image')).toBe(`https://birds.example${photo}/preview.jpg`);
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<div id="root"></div>');
    expect(html).not.toContain('Secret Crane');
  });

  it('escapes what the owner wrote, and describes an outing without effort or photo', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/outings',
      headers: as(ada),
      payload: {
        startedAt: '2024-01-06T23:30:00-07:00',
        timeZone: 'America/Denver',
        placeName: '"><script>x</script>',
        isPublic: true,
      },
    });
    const id = res.json().id as string;
    await createLogAs(app, ada, { speciesCommon: 'Great Horned Owl', count: 1, outingId: id });
    const html = (await app.inject({ method: 'GET', url: sharedOutingPath(id) })).body;
    expect(html).not.toContain('<script>x</script>');
    expect(metaContent(html, 'og:title')).toBe(
      'Outing at &quot;&gt;&lt;script&gt;x&lt;/script&gt;',
    );
    // the day it was in Denver, not in UTC
    expect(metaContent(html, 'og:description')).toBe(
      '1 species and 1 individual at &quot;&gt;&lt;script&gt;x&lt;/script&gt; on January 6, 2024 (incidental)',
    );
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'og:image')).toBeUndefined();
  });

  it.each(['private', 'missing'])(
    'gives a %s outing 404 and the generic preview, none of its data',
    async (kind) => {
      const hidden = await startOuting(false, 'Hidden Orchard');
      await createLogAs(app, ada, { speciesCommon: 'Secret Owl', outingId: hidden });
      const id = kind === 'private' ? hidden : '00000000-0000-4000-8000-000000000000';
      const res = await app.inject({ method: 'GET', url: sharedOutingPath(id) });
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      for (const secret of ['Secret Owl', 'Hidden Orchard', 'Cold start']) {
        expect(res.body).not.toContain(secret);
      }
      expect(res.body).toContain('<title>Birdbook</title>');
      expect(metaContent(res.body, 'og:url')).toBe(`https://birds.example/shared/outings/${id}`);
      expect(metaContent(res.body, 'og:image')).toBeUndefined();
      expect(res.body).toContain('<div id="root"></div>');
    },
  );
});
