import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { createLogAs, signUp, stores, testConfig, uploadPhotoAs } from '../support/helpers.js';

// SPEC §2 "Public shared log": crawlers read the link preview from the served HTML.

const webRoot = fileURLToPath(new URL('../fixtures/web/', import.meta.url));

/** The content of `<meta {attribute}="{key}">`, as written (still escaped). */
function metaContent(html: string, key: string): string | undefined {
  const match = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)" />`).exec(html);
  return match?.[1];
}

describe.each(stores)('the shared page on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(
      testConfig({ databaseUrl, webRoot, publicUrl: 'https://birds.example', appName: 'Birdbook' }),
    );
  });
  afterAll(() => app.close());

  it('carries the escaped title, description and a large image card for an uploaded photo', async () => {
    const ada = await signUp(app);
    const photo = await uploadPhotoAs(app, ada);
    const log = await createLogAs(app, ada, {
      speciesCommon: '"><script>alert(1)</script> Owl',
      placeName: 'Marsh & Lane',
      description: 'Hunting at <dusk>',
      photoLinks: ['https://photos.example/owl.jpg'],
      uploadedPhotoUrls: [photo],
    });
    const res = await app.inject({ method: 'GET', url: `/shared/${log.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).not.toContain('<script>alert(1)</script>');
    const title =
      '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; Owl sighting at Marsh &amp; Lane';
    expect(html).toContain(`<title>${title} - Birdbook</title>`);
    expect(metaContent(html, 'og:title')).toBe(title);
    expect(metaContent(html, 'twitter:title')).toBe(title);
    expect(metaContent(html, 'og:description')).toBe('Hunting at &lt;dusk&gt;');
    expect(metaContent(html, 'description')).toBe('Hunting at &lt;dusk&gt;');
    expect(metaContent(html, 'og:url')).toBe(`https://birds.example/shared/${log.id}`);
    expect(metaContent(html, 'og:image')).toBe(`https://birds.example${photo}/preview.jpg`);
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('630');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain('<div id="root"></div>');

    const image = await app.inject({ method: 'GET', url: `${photo}/preview.jpg` });
    expect(image.statusCode).toBe(200); // a crawler, with no cookie, can fetch it
  });

  it('describes a log without description or uploaded photo from its fields, as a summary card', async () => {
    const ada = await signUp(app);
    const log = await createLogAs(app, ada, {
      speciesCommon: 'Barn Owl',
      count: 3,
      placeName: null,
      description: null,
      observedAt: '2026-05-01T06:30Z',
      photoLinks: ['https://photos.example/owl.jpg'],
    });
    const html = (await app.inject({ method: 'GET', url: `/shared/${log.id}` })).body;
    expect(html).toContain('<title>Barn Owl sighting - Birdbook</title>');
    expect(metaContent(html, 'og:description')).toBe('3 Barn Owl observed on May 1, 2026');
    expect(metaContent(html, 'twitter:card')).toBe('summary');
    expect(metaContent(html, 'og:image')).toBeUndefined();
  });

  it('states the day it was at the place', async () => {
    const ada = await signUp(app);
    // 23:30 in Denver on January 6 is January 7 in UTC
    const log = await createLogAs(app, ada, {
      speciesCommon: 'Great Horned Owl',
      count: 1,
      placeName: null,
      description: null,
      observedAt: '2024-01-06T23:30:00-07:00',
      timeZone: 'America/Denver',
    });
    const html = (await app.inject({ method: 'GET', url: `/shared/${log.id}` })).body;
    expect(metaContent(html, 'og:description')).toBe(
      '1 Great Horned Owl observed on January 6, 2024',
    );
  });

  it('says no number for an X or a 0 (issue 32)', async () => {
    const ada = await signUp(app);
    const day = { placeName: 'Marsh Lane', description: null, observedAt: '2026-05-01T06:30Z' };
    const present = await createLogAs(app, ada, {
      ...day,
      speciesCommon: 'Barn Owl',
      count: null,
      countKind: 'present',
    });
    const evidence = await createLogAs(app, ada, {
      ...day,
      speciesCommon: 'Otter',
      count: 0,
      countKind: 'evidence',
    });
    const description = async (id: string) =>
      metaContent((await app.inject({ method: 'GET', url: `/shared/${id}` })).body, 'description');
    expect(await description(present.id)).toBe('Barn Owl observed at Marsh Lane on May 1, 2026');
    expect(await description(evidence.id)).toBe(
      'Signs of Otter found at Marsh Lane on May 1, 2026',
    );
  });

  it('takes the origin from an accepted Host without PUBLIC_URL', async () => {
    const local = await buildApp(
      testConfig({ databaseUrl, webRoot, allowedHosts: ['wrens.example:8080'] }),
    );
    try {
      const ada = await signUp(local);
      const log = await createLogAs(local, ada, { speciesCommon: 'Wren' });
      const res = await local.inject({
        method: 'GET',
        url: `/shared/${log.id}`,
        headers: { host: 'wrens.example:8080' },
      });
      expect(metaContent(res.body, 'og:url')).toBe(`http://wrens.example:8080/shared/${log.id}`);
    } finally {
      await local.close();
    }
  });

  it.each(['private', 'missing'])(
    'gives a %s log the generic preview and none of its data',
    async (kind) => {
      const ada = await signUp(app);
      const log = await createLogAs(app, ada, {
        speciesCommon: 'Secret Owl',
        placeName: 'Hidden Orchard',
        description: 'Nest site',
        isPublic: false,
      });
      const id = kind === 'private' ? log.id : '00000000-0000-4000-8000-000000000000';
      const res = await app.inject({ method: 'GET', url: `/shared/${id}` });
      expect(res.statusCode).toBe(200);
      for (const secret of ['Secret Owl', 'Hidden Orchard', 'Nest site']) {
        expect(res.body).not.toContain(secret);
      }
      expect(res.body).toContain('<title>Birdbook</title>');
      expect(metaContent(res.body, 'og:title')).toBe('Birdbook');
      expect(metaContent(res.body, 'twitter:card')).toBe('summary');
      expect(metaContent(res.body, 'og:image')).toBeUndefined();
    },
  );
});
