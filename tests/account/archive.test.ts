import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { deleteStaleImports, importsDir } from '../../src/server/features/data-exchange/index.js';
import { uploadIdIn } from '../../src/common/photos.js';
import { objectKey } from '../../src/server/storage/object-storage.js';
import { importFor } from '../data-exchange/import-support.js';
import { photoDataDir } from '../photos/support.js';
import {
  as,
  createLogAs,
  getFor,
  phonePhoto,
  sampleImage,
  signUp,
  stores,
  testConfig,
  uploadPhotoAs,
  type TestUser,
} from '../support/helpers.js';
import { rowsOf } from './support.js';

// The account archive (issue 21): taken from one instance, imported into a fresh one (its own
// database, its own photo storage): the same logs, the same photo bytes; importing it twice
// adds nothing; the quota holds.

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const scratch = mkdtempSync(join(tmpdir(), 'sightbook-archive-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** The zip as Python's zipfile reads it: every name, CRCs checked, and some files' text. */
function readWithPython(zip: Buffer, texts: string[]) {
  const file = join(scratch, `${sha256(zip).slice(0, 12)}.zip`);
  writeFileSync(file, zip);
  const script = [
    'import json, sys, zipfile',
    'z = zipfile.ZipFile(sys.argv[1])',
    'bad = z.testzip()',
    'texts = {name: z.read(name).decode("utf-8-sig") for name in sys.argv[2:]}',
    'sizes = {info.filename: info.file_size for info in z.infolist()}',
    'print(json.dumps({"bad": bad, "sizes": sizes, "texts": texts}))',
  ].join('\n');
  const out = execFileSync('python3', ['-c', script, file, ...texts], { encoding: 'utf8' });
  return JSON.parse(out) as {
    bad: string | null;
    sizes: Record<string, number>;
    texts: Record<string, string>;
  };
}

/**
 * The fields a log keeps through export and import, its times of writing too (not its id or
 * photos; its outing by the outing's place, the outing's id is new).
 */
const fieldsOf = (log: Record<string, unknown>, placeOf: (outingId: unknown) => unknown) => {
  const { id, photos, userId, version, lifer, outingId, ...fields } = log;
  void [id, photos, userId, version, lifer];
  return { ...fields, outing: outingId === null ? null : placeOf(outingId) };
};

/** The fields an outing keeps through export and import: all but its id. */
const outingFieldsOf = (outing: Record<string, unknown>) => {
  const { id, ...fields } = outing;
  void id;
  return fields;
};

describe.each(stores)('the account archive on $store', ({ databaseUrl }) => {
  let source: FastifyInstance;
  let fresh: FastifyInstance;
  const dirs: string[] = [];
  beforeAll(async () => {
    const dir = () => {
      const made = photoDataDir();
      dirs.push(made);
      return made;
    };
    source = await buildApp(testConfig({ databaseUrl, dataDir: dir() }));
    // another instance: an embedded database of its own and another photo folder
    fresh = await buildApp(testConfig({ dataDir: dir() }));
  });
  afterAll(async () => {
    await Promise.all([source.close(), fresh.close()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const getSource = getFor(() => source);
  const getFresh = getFor(() => fresh);
  const { importFile, importForm } = importFor(() => fresh);

  /**
   * An account with photos, a private log and a log without a known time; the Jay and the Swift
   * on a public outing, and an outing with no log yet. The Swift is present, not counted (X),
   * the Wren evidence only (0).
   */
  async function accountWithLogs() {
    const ada = await signUp(source, 'archivist');
    const startOuting = async (payload: Record<string, unknown>) => {
      const res = await source.inject({
        method: 'POST',
        url: '/api/outings',
        headers: as(ada),
        payload,
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().id as string;
    };
    const walk = await startOuting({
      startedAt: '2025-06-15T07:30:00+02:00',
      timeZone: 'Europe/Berlin',
      durationMinutes: 75,
      distanceKm: 2.8,
      protocol: 'traveling',
      partySize: 2,
      complete: true,
      placeName: 'Tiergarten',
      latitude: 52.5145,
      longitude: 13.3501,
      coordinateUncertainty: 100,
      notes: 'Loop past the "Neuer See"',
      isPublic: true,
      // the place hierarchy and page of the checklist it came from (issue 32)
      county: 'Mitte',
      stateProvince: 'DE-BE',
      countryCode: 'DE',
      locationId: 'L2087612',
      sourceUrl: 'https://ebird.org/checklist/S171000001',
    });
    await startOuting({ startedAt: '2025-08-01T18:00:00+02:00', placeName: 'Balcony' });
    const originals = [await phonePhoto(), await sampleImage('png'), await sampleImage('jpeg')];
    const paths: string[] = [];
    for (const bytes of originals) paths.push(await uploadPhotoAs(source, ada, bytes));
    await createLogAs(source, ada, {
      speciesCommon: 'Eurasian Jay',
      speciesScientific: 'Garrulus glandarius',
      count: 3,
      observedAt: '2025-06-15T07:45:00+02:00',
      timeZone: 'Europe/Berlin',
      latitude: 52.52,
      longitude: 13.41,
      coordinateUncertainty: 25,
      showExactLocation: true,
      placeName: 'Tiergarten',
      notes: 'Two "young" ones, begging',
      isPublic: false,
      photoLinks: ['https://example.org/jay.jpg'],
      uploadedPhotoUrls: [paths[0]!, paths[1]!],
      outingId: walk,
      // what its source record said (issue 32): every field comes back
      county: 'Mitte',
      stateProvince: 'DE-BE',
      countryCode: 'DE',
      locationId: 'L2087612',
      breedingCode: 'FY',
      mediaUrls: [
        'https://macaulaylibrary.org/asset/613192958',
        'https://macaulaylibrary.org/asset/613192959',
      ],
      sourceUrl: 'https://ebird.org/checklist/S171000001',
    });
    await createLogAs(source, ada, {
      speciesCommon: 'Common Swift',
      count: null,
      countKind: 'present',
      observedAt: '2025-07-01T12:00:00+02:00',
      timeZone: 'Europe/Berlin',
      timeKnown: false,
      description: '=not a formula',
      uploadedPhotoUrls: [paths[2]!],
      outingId: walk,
    });
    await createLogAs(source, ada, {
      speciesCommon: 'Wren',
      placeName: 'Garden',
      count: 0,
      countKind: 'evidence',
      captive: true,
    });
    await source.inject({
      method: 'PUT',
      url: '/api/account',
      headers: as(ada),
      payload: { lastName: 'Archer', dataLicense: 'CC0-1.0' },
    });
    const hashes = new Map(
      paths.map((path, index) => [uploadIdIn(path)!, sha256(originals[index]!)]),
    );
    return { ada, hashes };
  }

  /** The user's outings (as the list gives them), oldest started first. */
  async function outingsOf(app: FastifyInstance, user: TestUser) {
    const res = await app.inject({ method: 'GET', url: '/api/outings', headers: as(user) });
    expect(res.statusCode).toBe(200);
    return (res.json().items as Array<Record<string, unknown>>).reverse();
  }

  /** Each log's fields, its outing named by the outing's place. */
  async function logFields(app: FastifyInstance, user: TestUser) {
    const outings = await outingsOf(app, user);
    const placeOf = (id: unknown) => outings.find((outing) => outing.id === id)?.placeName;
    return (await logsOf(app, user)).map((log) => fieldsOf(log, placeOf));
  }

  async function logsOf(app: FastifyInstance, user: TestUser) {
    const res = await app.inject({
      method: 'GET',
      url: '/api/logs?pageSize=100',
      headers: as(user),
    });
    expect(res.statusCode).toBe(200);
    return (res.json().items as Array<Record<string, unknown>>).sort((a, b) =>
      String(a.speciesCommon).localeCompare(String(b.speciesCommon)),
    );
  }

  /** The sha256 of each uploaded photo of the user's logs, as its owner downloads it. */
  async function photoHashes(
    app: FastifyInstance,
    user: TestUser,
    logs: Array<Record<string, unknown>>,
  ) {
    const get = getFor(() => app);
    const hashes: Record<string, string[]> = {};
    for (const log of logs) {
      const photos = log.photos as Array<{ url: string; sourceType: string }>;
      hashes[String(log.speciesCommon)] = [];
      for (const photo of photos.filter((one) => one.sourceType === 'uploaded')) {
        const res = await get(user, photo.url);
        expect(res.statusCode).toBe(200);
        hashes[String(log.speciesCommon)]!.push(sha256(res.rawPayload));
      }
    }
    return hashes;
  }

  it('holds the CSV, the Darwin Core Archive, every original and account.json, as zip readers read it', async () => {
    const { ada, hashes } = await accountWithLogs();
    const res = await getSource(ada, '/api/account/archive.zip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="sightbook-account-\d{4}-\d{2}-\d{2}\.zip"$/,
    );

    const zip = readWithPython(res.rawPayload, ['account.json', 'sightings.csv']);
    expect(zip.bad).toBeNull(); // every CRC checks out
    const photoNames = [...hashes.keys()].map((id) =>
      expect.stringMatching(new RegExp(`^photos/${id}\\.(jpg|png)$`)),
    );
    expect(Object.keys(zip.sizes)).toEqual([
      'account.json',
      'outings.json',
      'sightings.csv',
      'dwca.zip',
      ...photoNames,
    ]);
    const manifest = JSON.parse(zip.texts['account.json']!);
    expect(manifest).toEqual({
      format: 'sightbook-account-archive',
      formatVersion: 1,
      exportedAt: expect.any(String),
      app: { name: 'Sightbook', version: expect.stringMatching(/^\d+\.\d+\.\d+/) },
      account: {
        id: ada.id,
        email: ada.email,
        firstName: 'archivist',
        lastName: 'Archer',
        dataLicense: 'CC0-1.0',
        createdAt: expect.any(String),
      },
      counts: { logs: 3, photos: 3, outings: 2, recordings: 0 },
      files: {
        csv: 'sightings.csv',
        dwca: 'dwca.zip',
        photos: 'photos/',
        outings: 'outings.json',
        recordings: 'recordings/',
      },
    });
    // the outings as the API writes them, which the CSV's outing_id names
    const outings = (await getSource(ada, '/api/outings')).json().items.reverse();
    const archived = JSON.parse(
      readWithPython(res.rawPayload, ['outings.json']).texts['outings.json']!,
    );
    expect(archived).toEqual(
      outings.map(({ species: _s, individuals: _i, ...outing }: Record<string, unknown>) => outing),
    );
    expect(zip.texts['sightings.csv']).toContain(`,${outings[0].id},false,`);
    // the CSV is the export's, and the photos' names map back to its rows
    const csv = await getSource(ada, '/api/export.csv');
    expect(zip.texts['sightings.csv']).toBe(csv.body.replace(/^\uFEFF/, ''));
    for (const id of hashes.keys())
      expect(zip.texts['sightings.csv']).toContain(`/objects/uploads/${id}`);

    // the nested Darwin Core Archive, under the account's licence
    const dwcaFile = join(scratch, 'inner.zip');
    writeFileSync(dwcaFile, res.rawPayload);
    const inner = execFileSync(
      'python3',
      [
        '-c',
        'import io, sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); d = zipfile.ZipFile(io.BytesIO(z.read("dwca.zip"))); print(" ".join(sorted(d.namelist()))); print(d.read("occurrence.txt").decode().count("publicdomain/zero"))',
        dwcaFile,
      ],
      { encoding: 'utf8' },
    ).split('\n');
    expect(inner[0]).toBe('eml.xml meta.xml multimedia.txt occurrence.txt');
    expect(Number(inner[1])).toBe(3);
  });

  it('leaves out and names a photo the store no longer holds, instead of breaking off', async () => {
    const { ada, hashes } = await accountWithLogs();
    const [lost, ...kept] = [...hashes.keys()];
    await source.storage.delete([objectKey(lost!, 'original')]);
    const res = await getSource(ada, '/api/account/archive.zip');
    expect(res.statusCode).toBe(200);
    const zip = readWithPython(res.rawPayload, ['account.json']);
    expect(zip.bad).toBeNull();
    const photos = Object.keys(zip.sizes).filter((name) => name.startsWith('photos/'));
    expect(photos.map((name) => name.replace(/^photos\/|\.\w+$/g, ''))).toEqual(kept);
    const manifest = JSON.parse(zip.texts['account.json']!);
    expect(manifest.counts).toEqual({ logs: 3, photos: 2, outings: 2, recordings: 0 });
    expect(manifest.missingPhotos).toEqual([lost]);
  });

  it('brings the logs and the very photo bytes into a fresh instance, and adds nothing a second time', async () => {
    const { ada, hashes } = await accountWithLogs();
    const archive = (await getSource(ada, '/api/account/archive.zip')).rawPayload;
    const bea = await signUp(fresh, 'newcomer');

    const dry = await importFile(bea, archive, {
      contentType: 'application/zip',
      query: 'dryRun=true',
    });
    expect(dry.json()).toMatchObject({ imported: 3, outings: 2 });
    expect(await outingsOf(fresh, bea)).toEqual([]);
    const res = await importFile(bea, archive, { contentType: 'application/zip' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      format: 'sightbook',
      rows: 3,
      imported: 3,
      duplicates: 0,
      outings: 2,
      rejected: [],
      warnings: [],
    });

    const before = await logsOf(source, ada);
    const after = await logsOf(fresh, bea);
    // the same logs on the same outings: the Jay and the Swift on the walk, the Wren on none;
    // 'Show exact location publicly' and the times they were made and changed as they were
    expect(await logFields(fresh, bea)).toEqual(await logFields(source, ada));
    // by name: the Swift, the Jay, the Wren
    expect(after.map(({ showExactLocation }) => showExactLocation)).toEqual([false, true, false]);
    expect(after.map(({ count, countKind }) => [count, countKind])).toEqual([
      [null, 'present'],
      [3, 'counted'],
      [0, 'evidence'],
    ]);
    // what the sources said too (issue 32): logFields compares every field, these among them
    expect(after.map(({ breedingCode, captive }) => [breedingCode, captive])).toEqual([
      [null, false],
      ['FY', false],
      [null, true],
    ]);
    expect(after.map(({ createdAt }) => createdAt)).toEqual(
      before.map(({ createdAt }) => createdAt),
    );
    expect((await logFields(fresh, bea)).map((log) => log.outing)).toEqual([
      'Tiergarten',
      'Tiergarten',
      null,
    ]);
    // the outings whole, the one without logs too, with their counts
    const restored = await outingsOf(fresh, bea);
    expect(restored.map(outingFieldsOf)).toEqual(
      (await outingsOf(source, ada)).map(outingFieldsOf),
    );
    expect(restored[0]).toMatchObject({
      isPublic: true,
      complete: true,
      species: 2,
      locationId: 'L2087612',
      sourceUrl: 'https://ebird.org/checklist/S171000001',
    });
    // the same bytes, stored anew under new ids with their thumbnails
    const sourceHashes = await photoHashes(source, ada, before);
    expect(await photoHashes(fresh, bea, after)).toEqual(sourceHashes);
    expect(Object.values(sourceHashes).flat().sort()).toEqual([...hashes.values()].sort());
    const jay = after.find((log) => log.speciesCommon === 'Eurasian Jay')!;
    const uploaded = (jay.photos as Array<{ url: string; sourceType: string }>).filter(
      (photo) => photo.sourceType === 'uploaded',
    );
    for (const photo of uploaded) {
      expect(hashes.has(uploadIdIn(photo.url)!)).toBe(false);
      expect((await getFresh(bea, `${photo.url}/thumbnail.webp`)).statusCode).toBe(200);
    }
    const account = (await getFresh(bea, '/api/account')).json();
    expect(account.storage.usedBytes).toBeGreaterThan(0);

    // twice: nothing more, no photo stored again
    const uploadsNow = await rowsOf<{ n: number }>(
      fresh,
      sql`select count(*)::int as n from uploads where user_id = ${bea.id}`,
    );
    expect(uploadsNow[0]!.n).toBe(3);
    const again = await importForm(bea, archive, {
      name: 'backup.zip',
      type: 'application/octet-stream',
    });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ rows: 3, imported: 0, duplicates: 3, outings: 0 });
    expect(await logsOf(fresh, bea)).toHaveLength(3);
    expect(await outingsOf(fresh, bea)).toHaveLength(2);
    // the archive back into its own account: its own outings, nothing new
    const home = await source.inject({
      method: 'POST',
      url: '/api/import',
      headers: { ...as(ada), 'content-type': 'application/zip' },
      payload: archive,
    });
    expect(home.json()).toMatchObject({ imported: 0, duplicates: 3, outings: 0 });
    expect(await outingsOf(source, ada)).toHaveLength(2);
    const uploadsAfter = await rowsOf<{ n: number }>(
      fresh,
      sql`select count(*)::int as n from uploads where user_id = ${bea.id}`,
    );
    expect(uploadsAfter[0]!.n).toBe(3);
    // the files received on the way are gone
    expect(await readdir(importsDir(dirs[1]!))).toEqual([]);
  });

  it('refuses an archive whose photos would go over the quota, and keeps nothing', async () => {
    const { ada } = await accountWithLogs();
    const archive = (await getSource(ada, '/api/account/archive.zip')).rawPayload;
    const cleo = await signUp(fresh, 'tight');
    await fresh.db.execute(sql`update users set storage_quota_mb = 0 where id = ${cleo.id}`);
    const res = await importFile(cleo, archive, { contentType: 'application/zip' });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      message: 'The photos of this archive would go over your storage: 0 MB of 0 MB used.',
    });
    expect(await logsOf(fresh, cleo)).toEqual([]);
    const uploads = await rowsOf<{ n: number }>(
      fresh,
      sql`select count(*)::int as n from uploads where user_id = ${cleo.id}`,
    );
    expect(uploads[0]!.n).toBe(0);
  });

  it('clears files a broken-off import left, once they are a day old', async () => {
    const dir = importsDir(join(scratch, 'stale'));
    mkdirSync(dir, { recursive: true });
    const old = join(dir, 'old.part');
    writeFileSync(old, 'PK');
    const dayAgo = new Date(Date.now() - 25 * 3600 * 1000);
    utimesSync(old, dayAgo, dayAgo);
    writeFileSync(join(dir, 'current.part'), 'PK');
    expect(await deleteStaleImports(dir, 24 * 3600 * 1000)).toBe(1);
    expect(await readdir(dir)).toEqual(['current.part']);
  });

  it('clears what a crash left in imports/ when the server starts, not a file being received', async () => {
    const dataDir = join(scratch, 'crashed');
    const dir = importsDir(dataDir);
    mkdirSync(dir, { recursive: true });
    const crashed = join(dir, 'crashed.part');
    writeFileSync(crashed, 'PK');
    const beforeTheCrash = new Date(Date.now() - 11 * 60 * 1000);
    utimesSync(crashed, beforeTheCrash, beforeTheCrash);
    writeFileSync(join(dir, 'arriving.part'), 'PK'); // another instance on a shared disk
    const app = await buildApp(testConfig({ databaseUrl, dataDir }));
    try {
      await app.ready();
      expect(await readdir(dir)).toEqual(['arriving.part']);
    } finally {
      await app.close();
    }
  });

  it('refuses a zip that is not an account archive', async () => {
    const dora = await signUp(fresh, 'other-zip');
    const dwca = (await getFresh(dora, '/api/export/dwca.zip')).rawPayload;
    const res = await importFile(dora, dwca, { contentType: 'application/zip' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'This zip is not a Sightbook account archive: it has no sightings.csv',
    });
  });

  it('refuses an archive that holds sightings.csv twice, and imports nothing', async () => {
    const { ada } = await accountWithLogs();
    const archive = (await getSource(ada, '/api/account/archive.zip')).rawPayload;
    const file = join(scratch, 'twice.zip');
    writeFileSync(file, archive);
    // Python's zipfile appends a second entry of the same name (with a warning), as some tools do
    execFileSync('python3', [
      '-W',
      'ignore',
      '-c',
      'import sys, zipfile; csv = zipfile.ZipFile(sys.argv[1]).read("sightings.csv"); zipfile.ZipFile(sys.argv[1], "a").writestr("sightings.csv", csv)',
      file,
    ]);
    const dora = await signUp(fresh, 'twice');
    const res = await importFile(dora, readFileSync(file), { contentType: 'application/zip' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message:
        'The zip holds sightings.csv twice: an account archive holds each file once, as the app wrote it',
    });
    expect((await getFresh(dora, '/api/logs')).json().total).toBe(0);
  });
});
