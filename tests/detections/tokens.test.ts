import { createHash } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { accessTokens, detections } from '../../src/server/db/schema.js';
import { TOKEN_IMPORTS_PER_HOUR } from '../../src/common/detections.js';
import { as, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { postDetections } from './support.js';

// Issue 37: personal access tokens, made on /account for a station to post its detections:
// scoped to the import, revocable, stored hashed, limited per hour, and no key to anything else.

describe.each(stores)('access tokens on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  let logged = '';
  beforeAll(async () => {
    const logStream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    app = await buildApp(testConfig({ databaseUrl, logLevel: 'info' }), { logStream });
  });
  afterAll(() => app.close());

  async function makeToken(user: TestUser, name = 'Garden Pi') {
    const res = await app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: as(user),
      payload: { name },
    });
    expect(res.statusCode).toBe(201);
    return res.json() as { id: string; name: string; scope: string; token: string };
  }

  it('shows the secret once, lists the token without it, and keeps only its hash', async () => {
    const ada = await signUp(app, 'ada');
    const made = await makeToken(ada);
    expect(made).toMatchObject({ name: 'Garden Pi', scope: 'import' });
    expect(made.token).toMatch(/^sbk_[\w-]{43}$/);
    const list = await app.inject({ method: 'GET', url: '/api/account/tokens', headers: as(ada) });
    expect(list.json()).toEqual([
      {
        id: made.id,
        name: 'Garden Pi',
        scope: 'import',
        createdAt: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);
    expect(list.body).not.toContain(made.token);
    const rows = await app.db.select().from(accessTokens).where(eq(accessTokens.userId, ada.id));
    expect(rows[0]?.tokenHash).toBe(createHash('sha256').update(made.token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(made.token.slice(4));
  });

  it('imports with the token as its owner, and opens nothing else', async () => {
    const bob = await signUp(app, 'bob');
    const { token, id } = await makeToken(bob);
    const res = await postDetections(app, { token }, { name: 'BirdDB.txt' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ kept: 20 });
    expect(await app.db.$count(detections, eq(detections.userId, bob.id))).toBe(20);
    const [row] = await app.db.select().from(accessTokens).where(eq(accessTokens.id, id));
    expect(row?.lastUsedAt).toBeInstanceOf(Date);
    expect(logged).toContain('/api/detections/import');
    expect(logged).not.toContain(token);

    const bearer = { authorization: `Bearer ${token}` };
    for (const url of ['/api/logs', '/api/auth/user', '/api/account/tokens']) {
      const other = await app.inject({ method: 'GET', url, headers: bearer });
      expect(other.statusCode, url).toBe(401);
    }
    const outing = res.json().outings[0].id as string;
    const list = await app.inject({
      method: 'GET',
      url: `/api/outings/${outing}/detections`,
      headers: bearer,
    });
    expect(list.statusCode).toBe(401);
    const more = await app.inject({
      method: 'POST',
      url: '/api/account/tokens',
      headers: bearer,
      payload: { name: 'x' },
    });
    expect(more.statusCode).toBe(401);
  });

  it('refuses a revoked or unknown token, and lets no one else revoke it', async () => {
    const cy = await signUp(app, 'cy');
    const di = await signUp(app, 'di');
    const { token, id } = await makeToken(cy);
    const byOther = await app.inject({
      method: 'DELETE',
      url: `/api/account/tokens/${id}`,
      headers: as(di),
    });
    expect(byOther.statusCode).toBe(404);
    const revoked = await app.inject({
      method: 'DELETE',
      url: `/api/account/tokens/${id}`,
      headers: as(cy),
    });
    expect(revoked.statusCode).toBe(204);
    const list = await app.inject({ method: 'GET', url: '/api/account/tokens', headers: as(cy) });
    expect(list.json()[0].revokedAt).toEqual(expect.any(String));
    const refused = await postDetections(app, { token }, { name: 'BirdDB.txt' });
    expect(refused.statusCode).toBe(401);
    const unknown = await postDetections(
      app,
      { token: `sbk_${'A'.repeat(43)}` },
      { name: 'BirdDB.txt' },
    );
    expect(unknown.statusCode).toBe(401);
    // a bad token is refused even beside a live session: the header says who is asking
    const both = await app.inject({
      method: 'POST',
      url: '/api/detections/import',
      headers: { ...as(cy), authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      payload: 'x',
    });
    expect(both.statusCode).toBe(401);
    expect(await app.db.$count(detections, eq(detections.userId, cy.id))).toBe(0);
  });

  it(`limits a token to ${TOKEN_IMPORTS_PER_HOUR} imports an hour`, async () => {
    const ed = await signUp(app, 'ed');
    const { token, id } = await makeToken(ed);
    // the hour's count as 60 posts leave it
    await app.db.execute(sql`INSERT INTO rate_limits (key, hits, reset_at)
      VALUES (${`access-token:${id}`}, ${TOKEN_IMPORTS_PER_HOUR}, now() + interval '40 minutes')`);
    const res = await postDetections(app, { token }, { name: 'BirdDB.txt' });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(2300);
    // a browser session of the same account is not held back
    const bySession = await postDetections(app, ed, { name: 'BirdDB.txt' });
    expect(bySession.statusCode).toBe(201);
  });
});
