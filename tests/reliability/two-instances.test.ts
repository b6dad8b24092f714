import { afterAll, describe, expect, it } from 'vitest';
import { OTHER_PHOTO_STORE } from '../../src/server/storage/photo-store-identity.js';
import { uniqueEmail } from '../support/helpers.js';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-processes.js';
import { tempDir } from '../support/temp-dirs.js';

// Scale-out (ARCHITECTURE): two server processes on one PostgreSQL with one SESSION_SECRET
// share sessions and data; nothing lives in one process's memory.

describe.skipIf(!process.env.TEST_DATABASE_URL)('two server processes on one PostgreSQL', () => {
  const servers: ServerProcess[] = [];
  afterAll(() => Promise.all(servers.map((server) => stopServerProcess(server.child))));

  it('share sessions and data, and a sign-out on one ends the session on both', async () => {
    const env = (name: string) => ({
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      SESSION_SECRET: 'one-secret-shared-by-every-instance-of-this-app',
      DATA_DIR: tempDir(name),
    });
    const [one, two] = await Promise.all(
      ['one', 'two'].map((name) =>
        startServerProcess(['--import', 'tsx', 'src/server/main.ts'], env(name)),
      ),
    );
    servers.push(one!, two!);

    const registered = await fetch(`${one!.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('scale'), password: 'two instances' }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;

    const createTern = async (url: string, count: number, observedAt: string) => {
      const created = await fetch(`${url}/api/logs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', cookie },
        body: JSON.stringify({ speciesCommon: 'Twin Tern', count, observedAt }),
      });
      expect(created.status).toBe(201);
    };
    await createTern(two!.url, 2, '2026-06-01T07:00');
    const seen = await fetch(`${one!.url}/api/logs`, { headers: { cookie } });
    expect(await seen.json()).toMatchObject({ total: 1, items: [{ speciesCommon: 'Twin Tern' }] });

    // each keeps statistics until the user's next write, wherever that write happens
    const summaryOn = async (url: string) =>
      (await fetch(`${url}/api/stats/summary`, { headers: { cookie } })).json();
    expect(await summaryOn(one!.url)).toMatchObject({ totalLogs: 1, totalSightings: 2 });
    await createTern(two!.url, 3, '2026-06-02T07:00');
    expect(await summaryOn(one!.url)).toMatchObject({ totalLogs: 2, totalSightings: 5 });

    const signedOut = await fetch(`${two!.url}/api/logout`, {
      headers: { cookie },
      redirect: 'manual',
    });
    expect(signedOut.status).toBe(302);
    const after = await fetch(`${one!.url}/api/auth/user`, { headers: { cookie } });
    expect(after.status).toBe(401);
  });

  it(
    'warns at start when the instances keep their photos on disks of their own, not when they share one',
    { timeout: 120_000 },
    async () => {
      const start = (dataDir: string) =>
        startServerProcess(['--import', 'tsx', 'src/server/main.ts'], {
          DATABASE_URL: process.env.TEST_DATABASE_URL,
          SESSION_SECRET: 'one-secret-shared-by-every-instance-of-this-app',
          DATA_DIR: dataDir,
          LOG_LEVEL: 'info',
        });
      const warned = (server: ServerProcess) => server.output().includes(OTHER_PHOTO_STORE);
      // what the first test started holds its locks until its processes stop
      await Promise.all(servers.splice(0).map((server) => stopServerProcess(server.child)));

      const shared = tempDir('shared-disk');
      const first = await start(shared);
      servers.push(first);
      const sameDisk = await start(shared);
      servers.push(sameDisk);
      expect([warned(first), warned(sameDisk)]).toEqual([false, false]);

      const ownDisk = await start(tempDir('own-disk'));
      servers.push(ownDisk);
      expect(warned(ownDisk)).toBe(true);
      const line = ownDisk
        .output()
        .split('\n')
        .find((text) => text.includes(OTHER_PHOTO_STORE));
      expect(JSON.parse(line!)).toMatchObject({ level: 40, otherPhotoStores: 1 });
    },
  );
});
