import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { logs } from '../../src/server/db/schema.js';
import { aLog, as, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';

// The server's half of the offline write queue: a create the client replays makes one log.

describe.each(stores)('logs API on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  describe('create with an Idempotency-Key', () => {
    const create = (user: TestUser, key: string, overrides = {}) =>
      app.inject({
        method: 'POST',
        url: '/api/logs',
        headers: { ...as(user), 'idempotency-key': key },
        payload: aLog({ photoLinks: ['https://photos.example/k.jpg'], ...overrides }),
      });
    const countOf = async (user: TestUser) =>
      (await app.db.select().from(logs).where(eq(logs.userId, user.id))).length;

    it('makes one log however often the same create is sent', async () => {
      const ada = await signUp(app, 'replay');
      const key = randomUUID();
      const first = await create(ada, key);
      expect(first.statusCode, first.body).toBe(201);
      const again = await create(ada, key);
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toEqual(first.json()); // photos included
      const together = await Promise.all([create(ada, key), create(ada, key)]);
      expect(together.map((res) => res.statusCode)).toEqual([200, 200]);
      expect(await countOf(ada)).toBe(1);

      expect((await create(ada, randomUUID())).statusCode).toBe(201); // another key, another log
      expect(await countOf(ada)).toBe(2);
    });

    it("keeps each user's keys apart, and refuses a key that is not a UUID", async () => {
      const [ada, bob] = [await signUp(app, 'key-a'), await signUp(app, 'key-b')];
      const key = randomUUID();
      const mine = await create(ada, key, { speciesCommon: 'Private Pipit', isPublic: false });
      const theirs = await create(bob, key);
      expect(theirs.statusCode).toBe(201);
      expect(theirs.json().id).not.toBe(mine.json().id);
      expect(theirs.body).not.toContain('Private Pipit');

      const bad = await create(ada, 'not-a-uuid');
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ message: 'Idempotency-Key must be a UUID' });
      expect(await countOf(ada)).toBe(1);
    });
  });
});
