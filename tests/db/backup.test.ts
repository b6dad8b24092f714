import { statSync } from 'node:fs';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { BackupError, backupDatabase, restoreDatabase } from '../../src/server/db/backup.js';
import { DataDirInUseError, lockDataDir } from '../../src/server/db/data-dir-lock.js';
import { createLogAs, signUp, testConfig } from '../support/helpers.js';
import { tempDir } from '../support/temp-dirs.js';

const freshDir = () => tempDir('backup');
const embedded = (dataDir = freshDir()) =>
  testConfig({ dataDir, embeddedDatabase: join(dataDir, 'db') });

/** The species on the user's first page of logs, and the list's total. */
async function listOf(config: ReturnType<typeof testConfig>, email: string, password: string) {
  const app = await buildApp(config);
  try {
    const login = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    });
    expect(login.statusCode).toBe(200);
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await app.inject({ method: 'GET', url: '/api/logs', headers: { cookie } });
    const { items, total } = list.json();
    return { species: items.map((log: { speciesCommon: string }) => log.speciesCommon), total };
  } finally {
    await app.close();
  }
}

describe('backup and restore of the embedded store', () => {
  it('restores accounts and logs into a new data directory', { timeout: 60_000 }, async () => {
    const source = embedded();
    const app = await buildApp(source);
    const ada = await signUp(app, 'backup');
    await createLogAs(app, ada, { speciesCommon: 'Backed-up Bittern' });
    await app.close();

    const file = join(freshDir(), 'backup.tar.gz');
    await backupDatabase(source, file);
    const target = embedded();
    await restoreDatabase(target, file);
    expect(await listOf(target, ada.email, ada.password)).toEqual({
      species: ['Backed-up Bittern'],
      total: 1,
    });
    await expect(restoreDatabase(target, file)).rejects.toThrow(BackupError);
  });

  it('refuses a data directory another process holds', { timeout: 60_000 }, async () => {
    const config = embedded();
    await (await buildApp(config)).close();
    const release = lockDataDir(config.embeddedDatabase);
    try {
      await expect(backupDatabase(config, join(freshDir(), 'x.tar.gz'))).rejects.toThrow(
        /is in use by process \d+: stop it first/,
      );
      await expect(buildApp(config)).rejects.toThrow(DataDirInUseError);
    } finally {
      release();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore of PostgreSQL', () => {
  it(
    'restores into an empty database, and replaces only with --force',
    { timeout: 60_000 },
    async () => {
      const sourceUrl = process.env.TEST_DATABASE_URL!;
      const source = testConfig({ databaseUrl: sourceUrl });
      const app = await buildApp(source);
      const ada = await signUp(app, 'pg-backup');
      await createLogAs(app, ada, { speciesCommon: 'Dumped Dunlin' });
      await app.close();

      const name = `restore_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: sourceUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      try {
        const targetUrl = new URL(sourceUrl);
        targetUrl.pathname = `/${name}`;
        const target = testConfig({ databaseUrl: targetUrl.toString() });
        const file = join(freshDir(), 'backup.dump');
        await backupDatabase(source, file);
        expect(statSync(file).mode & 0o777).toBe(0o600); // password hashes, private logs
        await restoreDatabase(target, file);
        expect(await listOf(target, ada.email, ada.password)).toEqual({
          species: ['Dumped Dunlin'],
          total: 1,
        });
        await expect(restoreDatabase(target, file)).rejects.toThrow(/restore with --force/);
        await restoreDatabase(target, file, { force: true });
        expect(await listOf(target, ada.email, ada.password)).toEqual({
          species: ['Dumped Dunlin'],
          total: 1,
        });
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    },
  );
});
