import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { uploadIdIn } from '../../src/common/photos.js';
import { objectKey, objectNames } from '../../src/server/storage/object-storage.js';
import {
  as,
  cookieOf,
  createLogAs,
  randomIp,
  sampleImage,
  signUp,
  stores,
  testConfig,
  type TestUser,
} from '../support/helpers.js';
import { drivers, photoClientFor, photoDataDir, s3rverForThisFile } from '../photos/support.js';
import { rowsOf } from './support.js';

// Deleting an account (issue 21): confirmed by the email and the password; afterwards nothing
// of the user is left in any table or in photo storage, on disk or in a bucket.

const s3 = s3rverForThisFile();

const hash = (text: string) => createHash('sha256').update(text).digest('hex');

describe.each(stores)('account deletion on $store', ({ databaseUrl }) => {
  describe.each(drivers)('with $driver storage', ({ driver }) => {
    let app: FastifyInstance;
    let dataDir: string;
    beforeAll(async () => {
      dataDir = photoDataDir();
      app = await buildApp(
        testConfig({ databaseUrl, dataDir, ...(driver === 's3' ? { s3 } : {}) }),
      );
      // the instance's admin, so the accounts under test are ordinary ones
      await signUp(app, 'admin');
    });
    afterAll(async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const { upload, uploadUrlFor, put } = photoClientFor(() => app);

    const remove = (user: TestUser, payload: object) =>
      app.inject({ method: 'DELETE', url: '/api/account', headers: as(user), payload });

    /**
     * Every row, in every table of the schema, with a text, uuid or json column holding one of
     * `needles`: as `table.column`.
     */
    async function rowsNaming(needles: string[]): Promise<string[]> {
      const columns = await rowsOf<{ table_name: string; column_name: string }>(
        app,
        sql`select table_name, column_name from information_schema.columns
            where table_schema = 'public'
              and data_type in ('text', 'character varying', 'uuid', 'json', 'jsonb')
            order by table_name, column_name`,
      );
      expect(columns.length).toBeGreaterThan(30); // the schema was read
      const found: string[] = [];
      for (const { table_name: table, column_name: column } of columns) {
        for (const needle of needles) {
          const [row] = await rowsOf<{ n: number }>(
            app,
            sql`select count(*)::int as n from ${sql.identifier(table)}
                where strpos(lower(${sql.identifier(column)}::text), ${needle.toLowerCase()}) > 0`,
          );
          if (row!.n > 0) found.push(`${table}.${column}`);
        }
      }
      return [...new Set(found)];
    }

    /** How many objects of these uploads are stored. */
    const storedObjects = async (uploadIds: string[]) =>
      (
        await Promise.all(
          uploadIds.flatMap((id) =>
            objectNames.map((name) => app.storage.size(objectKey(id, name))),
          ),
        )
      ).filter((size) => size !== undefined).length;

    /** An account with something in every place a user leaves something. */
    async function busyAccount() {
      const ada = await signUp(app, 'leaving');
      const kept = await upload(ada, await sampleImage());
      await createLogAs(app, ada, { uploadedPhotoUrls: [kept], isPublic: false });
      await createLogAs(app, ada, { speciesCommon: 'Wren', isPublic: true });
      const orphan = await upload(ada, await sampleImage()); // no log took it yet
      const unfinished = await uploadUrlFor(ada); // sent but never completed
      expect((await put(unfinished, await sampleImage(), 'image/png')).status).toBeLessThan(300);
      const uploads = [kept, orphan, unfinished].map((path) => uploadIdIn(path)!);

      // a second session, the installed-app bridge, a failed sign-in, an invitation, a reset link
      const login = (password: string) =>
        app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: randomIp(),
          payload: { email: ada.email, password },
        });
      const phone = { ...ada, cookie: cookieOf(await login(ada.password)) };
      expect((await login('not the password')).statusCode).toBe(401);
      const bridge = await app.inject({
        method: 'GET',
        url: '/api/login?pwa=true',
        headers: as(ada),
      });
      expect(bridge.statusCode).toBe(302);
      await app.db.execute(sql`insert into invitations (token_hash, created_by, expires_at)
        values (${hash(randomBytes(8).toString('hex'))}, ${ada.id}, now() + interval '7 days')`);
      await app.db.execute(sql`insert into password_resets (token_hash, user_id, expires_at)
        values (${hash(randomBytes(8).toString('hex'))}, ${ada.id}, now() + interval '1 hour')`);
      return { ada, phone, uploads };
    }

    it('deletes everything of the account, in every table and in storage', async () => {
      const { ada, phone, uploads } = await busyAccount();
      const bea = await signUp(app, 'staying');
      const beas = await upload(bea, await sampleImage());
      await createLogAs(app, bea, { uploadedPhotoUrls: [beas] });

      // the search sees the account where it is, so its empty answer later means something
      const needles = [ada.id, ada.email, ...uploads];
      const before = await rowsNaming(needles);
      expect(before).toEqual(
        expect.arrayContaining([
          'users.id',
          'users.email',
          'logs.user_id',
          'uploads.user_id',
          'log_photos.url',
          'sessions.sess',
          'pwa_bridge_tokens.user_id',
          'invitations.created_by',
          'password_resets.user_id',
          'rate_limits.key',
        ]),
      );
      expect(await storedObjects(uploads)).toBe(4 + 4 + 1);

      const res = await remove(ada, {
        confirmEmail: ada.email.toUpperCase(),
        password: ada.password,
      });
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');
      const cleared = res.cookies.find((cookie) => cookie.name === 'sid');
      expect(cleared?.value).toBe('');

      expect(await rowsNaming(needles)).toEqual([]);
      expect(await storedObjects(uploads)).toBe(0);
      for (const user of [ada, phone]) {
        const me = await app.inject({ method: 'GET', url: '/api/auth/user', headers: as(user) });
        expect(me.statusCode).toBe(401);
      }
      // nobody else lost anything
      expect(await storedObjects([uploadIdIn(beas)!])).toBe(4);
      const beasLogs = await app.inject({ method: 'GET', url: '/api/logs', headers: as(bea) });
      expect(beasLogs.json().total).toBe(1);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: randomIp(),
        payload: { email: ada.email, password: ada.password },
      });
      expect(signIn.statusCode).toBe(401);
    });

    it.each([
      [
        { confirmEmail: 'someone@example.org' },
        400,
        'The email you typed is not the email of this account',
      ],
      [{ confirmEmail: 'EMAIL' }, 400, 'Enter your password to delete your account'],
      [{ confirmEmail: 'EMAIL', password: 'not the password' }, 403, 'The password is not correct'],
      [{}, 400, 'Type your email to confirm'],
    ])('refuses %j and deletes nothing', async (payload, status, message) => {
      const ada = await signUp(app, 'careful');
      await createLogAs(app, ada);
      const confirmEmail =
        'confirmEmail' in payload && payload.confirmEmail === 'EMAIL' ? ada.email : undefined;
      const res = await remove(ada, { ...payload, ...(confirmEmail && { confirmEmail }) });
      expect(res.statusCode).toBe(status);
      expect(res.json()).toMatchObject({ message });
      const me = await app.inject({ method: 'GET', url: '/api/logs', headers: as(ada) });
      expect(me.json().total).toBe(1);
    });
  });
});

describe.each(stores)('the last admin on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  const makeAdmin = (user: TestUser) =>
    app.db.execute(sql`update users set role = 'admin' where id = ${user.id}`);
  const remove = (user: TestUser) =>
    app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: as(user),
      payload: { confirmEmail: user.email, password: user.password },
    });

  it('keeps the only admin while other accounts exist, and lets them go last', async () => {
    // this file's database: only these accounts exist
    await app.db.execute(sql`delete from users`);
    const admin = await signUp(app, 'admin');
    const other = await signUp(app, 'user');
    await app.db.execute(sql`update users set role = 'user'`);
    await makeAdmin(admin);

    const refused = await remove(admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      message:
        "You are this instance's only admin. Other accounts still exist, so this account cannot be deleted.",
    });

    // a disabled admin is no admin to leave the instance to
    const second = await signUp(app, 'admin2');
    await makeAdmin(second);
    await app.db.execute(sql`update users set disabled_at = now() where id = ${second.id}`);
    expect((await remove(admin)).statusCode).toBe(409);

    // with a second admin, either may go
    await app.db.execute(sql`update users set disabled_at = null where id = ${second.id}`);
    expect((await remove(second)).statusCode).toBe(204);
    expect((await remove(other)).statusCode).toBe(204); // a user may always go
    expect((await remove(admin)).statusCode).toBe(204); // the last account of all
    const [row] = await rowsOf<{ n: number }>(app, sql`select count(*)::int as n from users`);
    expect(row!.n).toBe(0);
  });
});
