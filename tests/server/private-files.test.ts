import { chmodSync, lstatSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { backupDatabase, restoreDatabase } from '../../src/server/db/backup.js';
import { readOrCreateSessionSecret } from '../../src/server/session-secret.js';
import { createLogAs, signUp, testConfig, uploadPhotoAs } from '../support/helpers.js';
import { tempDir } from '../support/temp-dirs.js';

// Issue #19: the data directory 0700; the database files, the session secret, photos and
// backups 0600, whatever the umask. buildApp is tested under the common umask 022 (main.ts sets
// 077, which would hide a file written with the default mode).

const mode = (path: string) => lstatSync(path).mode & 0o777;

/** Every path under `root` (itself included) that group or others may use, with its mode. */
function notPrivate(root: string): string[] {
  const found: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const path = stack.pop()!;
    const stats = lstatSync(path);
    const allowed = stats.isDirectory() ? 0o700 : 0o600;
    if ((stats.mode & 0o777 & ~allowed) !== 0) found.push(`${path} ${mode(path).toString(8)}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) stack.push(join(path, name));
  }
  return found;
}

const freshDataDir = () => {
  const dataDir = tempDir('modes');
  chmodSync(dataDir, 0o755); // as an operator's mkdir leaves it
  return dataDir;
};

const embedded = (dataDir: string) =>
  testConfig({
    dataDir,
    embeddedDatabase: join(dataDir, 'db'),
    sessionSecret: readOrCreateSessionSecret(dataDir),
  });

describe('the files the server writes', () => {
  let umask: number;
  beforeAll(() => {
    umask = process.umask(0o022);
  });
  afterAll(() => process.umask(umask));

  it('are its owner’s alone: the data directory, database, secret and photos', async () => {
    const dataDir = freshDataDir();
    const config = embedded(dataDir);
    const app = await buildApp(config);
    try {
      const ada = await signUp(app, 'modes');
      const photo = await uploadPhotoAs(app, ada);
      await createLogAs(app, ada, { uploadedPhotoUrls: [photo], isPublic: false });
    } finally {
      await app.close();
    }
    expect(mode(dataDir)).toBe(0o700);
    expect(mode(join(dataDir, 'session-secret'))).toBe(0o600);
    expect(readdirSync(dataDir).sort()).toEqual(['db', 'session-secret', 'uploads']);
    expect(notPrivate(dataDir)).toEqual([]);

    // The next start finds PGlite's files private still, and restores any made public since.
    chmodSync(join(dataDir, 'db', 'PG_VERSION'), 0o644);
    await (await buildApp(config)).close();
    expect(notPrivate(dataDir)).toEqual([]);
  });

  it('writes backups 0600, also over an older file, and restores into a private directory', async () => {
    const source = embedded(freshDataDir());
    const app = await buildApp(source);
    await createLogAs(app, await signUp(app, 'modes-backup'));
    await app.close();

    const file = join(tempDir('modes-backup'), 'backup.tar.gz');
    writeFileSync(file, 'an older backup', { mode: 0o644 });
    await backupDatabase(source, file);
    expect(mode(file)).toBe(0o600);

    const target = embedded(freshDataDir());
    await restoreDatabase(target, file);
    expect(notPrivate(target.dataDir)).toEqual([]);
  });
});
