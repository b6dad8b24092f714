import { afterAll, describe, expect, it } from 'vitest';
import { sampleImage, stores, uniqueEmail } from '../support/helpers.js';
import {
  startServerProcess,
  stopServerProcess,
  type ServerProcess,
} from '../support/server-processes.js';
import { tempDir } from '../support/temp-dirs.js';

// R3: 50 concurrent writers create logs with photos (three links and one uploaded image, sent
// through the whole upload flow); the server is killed with SIGKILL at a random moment,
// restarted, and every write it acknowledged must be there, whole, its uploaded image served.
// Five rounds.

const WRITERS = 50;
const ROUNDS = 5;
const PHOTOS = [
  'https://photos.example/a.jpg',
  'https://photos.example/b.jpg',
  'https://photos.example/c.jpg',
];

interface Sighting {
  speciesCommon: string;
  photos: { url: string }[];
}

describe.each(stores)('crash safety on $store', ({ databaseUrl }) => {
  const env = {
    DATA_DIR: tempDir('crash'),
    DATABASE_URL: databaseUrl,
    UPLOAD_RATE_LIMIT: '1000000', // the writers upload far more than a person would
  };
  const start = () => startServerProcess(['--import', 'tsx', 'src/server/main.ts'], env);
  let server: ServerProcess | undefined;
  afterAll(async () => {
    if (server) await stopServerProcess(server.child, 'SIGKILL');
  });

  it('keeps every acknowledged write, whole, across SIGKILLs', { timeout: 240_000 }, async () => {
    server = await start();
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail('crash'), password: 'crash test dummy' }),
    });
    expect(registered.status).toBe(201);
    const cookie = (registered.headers.get('set-cookie') ?? '').split(';')[0]!;
    const acknowledged = new Set<string>();
    const attempted = new Set<string>();
    const image = await sampleImage('png', 64, 48);

    for (let round = 0; round < ROUNDS; round++) {
      const url = server.url;
      let running = true;
      let acknowledgedThisRound = 0;
      const writer = async (id: number) => {
        for (let n = 0; running; n++) {
          const species = `r${round}-w${id}-n${n}`;
          attempted.add(species);
          try {
            const uploaded = await uploadPhoto(url, cookie, image);
            if (!running) return;
            const res = await fetch(`${url}/api/logs`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie },
              body: JSON.stringify({
                speciesCommon: species,
                count: 1,
                observedAt: '2026-06-01T07:00',
                photoLinks: PHOTOS,
                uploadedPhotoUrls: [uploaded],
              }),
            });
            if (res.status === 201) {
              acknowledged.add(species);
              acknowledgedThisRound++;
            } else if (running) throw new Error(`unexpected ${res.status}: ${await res.text()}`);
          } catch (error) {
            if (running) throw error;
            return; // the server is gone: this write's fate is unknown, as for any client
          }
        }
      };
      let failure: unknown;
      const writers = Array.from({ length: WRITERS }, (_, id) =>
        writer(id).catch((error: unknown) => {
          failure ??= error;
        }),
      );
      // the kill comes at a random moment once writes flow, however slow the machine is
      const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      while (acknowledgedThisRound < WRITERS && failure === undefined) await sleep(10);
      if (failure !== undefined) throw failure;
      await sleep(Math.random() * 1200);
      running = false;
      await stopServerProcess(server.child, 'SIGKILL');
      await Promise.all(writers);

      server = await start();
      const stored = await allLogs(server.url, cookie);
      const byName = new Map(stored.map((log) => [log.speciesCommon, log]));
      const lost = [...acknowledged].filter((species) => !byName.has(species));
      expect(lost, `round ${round}: acknowledged writes lost`).toEqual([]);
      const halfWritten = stored.filter((log) => {
        const urls = log.photos.map((p) => p.url);
        return urls.length !== PHOTOS.length + 1 || urls.slice(0, 3).join() !== PHOTOS.join();
      });
      expect(halfWritten, `round ${round}: logs without all their photos`).toEqual([]);
      const unreadable = [];
      for (const log of stored.filter((entry) => entry.speciesCommon.startsWith(`r${round}-`))) {
        const photo = await fetch(`${server.url}${log.photos[3]!.url}`, { headers: { cookie } });
        const bytes = Buffer.from(await photo.arrayBuffer());
        if (photo.status !== 200 || !bytes.equals(image)) unreadable.push(log.speciesCommon);
      }
      expect(unreadable, `round ${round}: uploaded photos not served whole`).toEqual([]);
      const invented = stored.filter((log) => !attempted.has(log.speciesCommon));
      expect(invented).toEqual([]);
    }
    expect(acknowledged.size).toBeGreaterThan(ROUNDS * WRITERS); // the rounds did real work
    console.info(
      `crash safety: ${acknowledged.size} acknowledged of ${attempted.size} attempted writes, ${ROUNDS} SIGKILLs, none lost`,
    );
  });
});

/** The SPEC upload flow: upload URL, PUT, completion; the object path of the stored photo. */
async function uploadPhoto(url: string, cookie: string, image: Buffer): Promise<string> {
  const headers = { 'content-type': 'application/json', cookie };
  const start = await fetch(`${url}/api/photos/upload`, { method: 'POST', headers, body: '{}' });
  if (start.status !== 200) throw new Error(`upload start answered ${start.status}`);
  const { uploadURL } = (await start.json()) as { uploadURL: string };
  const put = await fetch(`${url}${uploadURL}`, {
    method: 'PUT',
    headers: { 'content-type': 'image/png' },
    body: new Uint8Array(image),
  });
  if (put.status !== 204) throw new Error(`upload answered ${put.status}`);
  const complete = await fetch(`${url}/api/photos/complete`, {
    method: 'PUT',
    headers,
    body: JSON.stringify({ photoURL: uploadURL }),
  });
  if (complete.status !== 200) throw new Error(`completion answered ${complete.status}`);
  return ((await complete.json()) as { objectPath: string }).objectPath;
}

async function allLogs(url: string, cookie: string): Promise<Sighting[]> {
  const logs: Sighting[] = [];
  for (let page = 1; ; page++) {
    const res = await fetch(`${url}/api/logs?pageSize=100&page=${page}`, { headers: { cookie } });
    const body = (await res.json()) as { items: Sighting[]; total: number };
    logs.push(...body.items);
    if (logs.length >= body.total || body.items.length === 0) return logs;
  }
}
