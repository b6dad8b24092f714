import { readFileSync, rmSync } from 'node:fs';
import { buffer } from 'node:stream/consumers';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import { ZipFile } from 'yazl';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { uploadIdIn } from '../../src/common/photos.js';
import { NOT_A_RECORDING_MESSAGE } from '../../src/common/recordings.js';
import { buildApp } from '../../src/server/app.js';
import { objectKey } from '../../src/server/storage/object-storage.js';
import { importFor } from '../data-exchange/import-support.js';
import { photoDataDir } from '../photos/support.js';
import {
  createLogAs,
  getFor,
  signUp,
  stores,
  testConfig,
  uploadRecordingAs,
  type TestUser,
} from '../support/helpers.js';
import { rowsOf } from './support.js';

// Issue 37: the account archive carries each log's sound recordings as their owner uploaded
// them, under recordings/, named in the CSV's recording_urls; importing it stores them anew
// (derivatives made, within the quota). A file refused is named in the report, its log kept.

const fixture = (name: string) => readFileSync(`tests/fixtures/audio/${name}`);

/** Every file of a zip, by name, in the zip's order. */
async function filesOf(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await yauzl.fromBufferPromise(zip, { lazyEntries: true });
  const files = new Map<string, Buffer>();
  for (;;) {
    const entry = await new Promise<yauzl.Entry | undefined>((resolve, reject) => {
      archive.once('entry', resolve);
      archive.once('end', () => resolve(undefined));
      archive.once('error', reject);
      archive.readEntry();
    });
    if (!entry) break;
    files.set(entry.fileName, await buffer(await archive.openReadStreamPromise(entry)));
  }
  archive.close();
  return files;
}

/** A zip of these files, in order (as yazl, which the archive is written with, writes it). */
async function zipOf(files: Map<string, Buffer>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, bytes] of files) zip.addBuffer(bytes, name);
  zip.end();
  return buffer(zip.outputStream);
}

interface LogRecording {
  url: string;
  spectrogramUrl: string;
  durationSeconds: number;
  mime: string;
}

describe.each(stores)('recordings in the account archive on $store', ({ databaseUrl }) => {
  let source: FastifyInstance;
  let fresh: FastifyInstance;
  const dirs = [photoDataDir(), photoDataDir()];
  beforeAll(async () => {
    source = await buildApp(testConfig({ databaseUrl, dataDir: dirs[0] }));
    // another instance: its own uploads folder (on PostgreSQL, the same database)
    fresh = await buildApp(testConfig({ databaseUrl, dataDir: dirs[1] }));
  });
  afterAll(async () => {
    await Promise.all([source.close(), fresh.close()]);
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  const getSource = getFor(() => source);
  const getFresh = getFor(() => fresh);
  const { importFile } = importFor(() => fresh);

  /** A log with a 2 s WAV and a 3 s FLAC, and one without: the archive and the originals. */
  async function archiveWithRecordings() {
    const ada = await signUp(source, 'recordist');
    const originals = [fixture('pcm-24k.wav'), fixture('song.flac')];
    const paths: string[] = [];
    for (const bytes of originals)
      paths.push((await uploadRecordingAs(source, ada, bytes)).objectPath);
    await createLogAs(source, ada, {
      speciesCommon: 'Common Blackbird',
      observedAt: '2025-04-20T05:10:00+02:00',
      uploadedRecordingUrls: paths,
    });
    await createLogAs(source, ada, { speciesCommon: 'Robin', observedAt: '2025-04-21T06:00' });
    const res = await getSource(ada, '/api/account/archive.zip');
    expect(res.statusCode).toBe(200);
    const ids = paths.map((path) => uploadIdIn(path)!);
    return { ada, archive: res.rawPayload, originals, ids };
  }

  const recordingsOf = async (app: FastifyInstance, user: TestUser, species: string) => {
    const res = await getFor(() => app)(user, '/api/logs?pageSize=100');
    const log = (res.json().items as Array<Record<string, unknown>>).find(
      (item) => item.speciesCommon === species,
    );
    expect(log, `${species} was imported`).toBeDefined();
    return log!.recordings as LogRecording[];
  };

  const uploadsOf = async (user: TestUser) =>
    (
      await rowsOf<{ kind: string }>(
        fresh,
        sql`select kind from uploads where user_id = ${user.id} order by created_at`,
      )
    ).map((row) => row.kind);

  it('carries each original under recordings/, by the id the CSV names, with its extension', async () => {
    const { archive, originals, ids } = await archiveWithRecordings();
    const files = await filesOf(archive);
    expect([...files.keys()].filter((name) => name.startsWith('recordings/'))).toEqual([
      `recordings/${ids[0]}.wav`,
      `recordings/${ids[1]}.flac`,
    ]);
    expect(files.get(`recordings/${ids[0]}.wav`)!.equals(originals[0]!)).toBe(true);
    expect(files.get(`recordings/${ids[1]}.flac`)!.equals(originals[1]!)).toBe(true);
    const manifest = JSON.parse(files.get('account.json')!.toString('utf8'));
    expect(manifest.counts).toEqual({ logs: 2, photos: 0, outings: 0, recordings: 2 });
    expect(manifest.files.recordings).toBe('recordings/');
    const rows = parse(files.get('sightings.csv')!, { columns: true, bom: true }) as Array<
      Record<string, string>
    >;
    expect(rows.map((row) => [row.species_common, row.recording_urls])).toEqual([
      ['Robin', ''],
      ['Common Blackbird', ids.map((id) => `/objects/uploads/${id}`).join(' ')],
    ]);
  });

  it('leaves out and names a recording the store no longer holds, and the import says so', async () => {
    const { ada, ids } = await archiveWithRecordings();
    await source.storage.delete([objectKey(ids[0]!, 'original')]);
    const res = await getSource(ada, '/api/account/archive.zip');
    expect(res.statusCode).toBe(200);
    const files = await filesOf(res.rawPayload);
    expect([...files.keys()].filter((name) => name.startsWith('recordings/'))).toEqual([
      `recordings/${ids[1]}.flac`,
    ]);
    const manifest = JSON.parse(files.get('account.json')!.toString('utf8'));
    expect(manifest.counts.recordings).toBe(1);
    expect(manifest.missingRecordings).toEqual([ids[0]]);
    const fay = await signUp(fresh, 'partial');
    const imported = await importFile(fay, res.rawPayload, { contentType: 'application/zip' });
    expect(imported.json()).toMatchObject({
      imported: 2,
      warnings: [
        {
          line: 3,
          message: `Recordings missing from the archive: 1 left out (/objects/uploads/${ids[0]})`,
        },
      ],
    });
    expect((await recordingsOf(fresh, fay, 'Common Blackbird')).map((r) => r.mime)).toEqual([
      'audio/flac',
    ]);
  });

  it('brings the recordings back into a new account: new objects, the same bytes and lengths, spectrograms made', async () => {
    const { ada, archive, originals, ids } = await archiveWithRecordings();
    const bea = await signUp(fresh, 'listener');
    const dry = await importFile(bea, archive, {
      contentType: 'application/zip',
      query: 'dryRun=true',
    });
    expect(dry.json()).toMatchObject({ imported: 2, warnings: [] });
    expect(await uploadsOf(bea)).toEqual([]);

    const res = await importFile(bea, archive, { contentType: 'application/zip' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ rows: 2, imported: 2, rejected: [], warnings: [] });
    const before = await recordingsOf(source, ada, 'Common Blackbird');
    const after = await recordingsOf(fresh, bea, 'Common Blackbird');
    expect(after.map((r) => [r.durationSeconds, r.mime])).toEqual(
      before.map((r) => [r.durationSeconds, r.mime]),
    );
    expect(after.map((r) => r.durationSeconds)).toEqual([2, expect.closeTo(3, 1)]);
    for (const [index, recording] of after.entries()) {
      expect(ids).not.toContain(uploadIdIn(recording.url)); // stored anew
      const original = await getFresh(bea, recording.url);
      expect(original.statusCode).toBe(200);
      expect(original.rawPayload.equals(originals[index]!)).toBe(true);
      const spectrogram = await getFresh(bea, recording.spectrogramUrl);
      expect(spectrogram.statusCode).toBe(200);
      expect(spectrogram.headers['content-type']).toBe('image/png');
    }
    expect((await recordingsOf(fresh, bea, 'Robin')).length).toBe(0);
    const account = (await getFresh(bea, '/api/account')).json();
    expect(account.storage.usedBytes).toBeGreaterThan(originals[0]!.length + originals[1]!.length);

    // twice: the log is there, no recording is stored again
    const again = await importFile(bea, archive, { contentType: 'application/zip' });
    expect(again.json()).toMatchObject({ imported: 0, duplicates: 2 });
    expect(await uploadsOf(bea)).toEqual(['recording', 'recording']);
  });

  it('imports the log without a recording that is no sound, and names the file and why', async () => {
    const { archive, originals, ids } = await archiveWithRecordings();
    const files = await filesOf(archive);
    const fake = `recordings/${ids[0]}.wav`;
    files.set(fake, Buffer.from('Not a recording at all,\njust two lines of text.\n'));
    const cy = await signUp(fresh, 'faked');
    const res = await importFile(cy, await zipOf(files), { contentType: 'application/zip' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      imported: 2,
      rejected: [],
      warnings: [{ line: 3, message: `Recording ${fake} left out: ${NOT_A_RECORDING_MESSAGE}` }],
    });
    const kept = await recordingsOf(fresh, cy, 'Common Blackbird');
    expect(kept.map((r) => r.mime)).toEqual(['audio/flac']);
    expect((await getFresh(cy, kept[0]!.url)).rawPayload.equals(originals[1]!)).toBe(true);
    expect(await uploadsOf(cy)).toEqual(['recording']); // nothing left of the fake
  });

  it('imports the log without the recordings that go over the quota, and says so', async () => {
    const { archive, ids } = await archiveWithRecordings();
    const di = await signUp(fresh, 'full');
    await fresh.db.execute(sql`update users set storage_quota_mb = 0 where id = ${di.id}`);
    const res = await importFile(di, archive, { contentType: 'application/zip' });
    expect(res.statusCode, res.body).toBe(201);
    const overQuota = 'This recording would go over your storage: 0 MB of 0 MB used.';
    expect(res.json()).toMatchObject({
      imported: 2,
      warnings: [
        { line: 3, message: `Recording recordings/${ids[0]}.wav left out: ${overQuota}` },
        { line: 3, message: `Recording recordings/${ids[1]}.flac left out: ${overQuota}` },
      ],
    });
    expect(await recordingsOf(fresh, di, 'Common Blackbird')).toEqual([]);
    expect(await uploadsOf(di)).toEqual([]);
  });

  it('names the recordings a CSV alone cannot bring, and imports its logs', async () => {
    const { archive, ids } = await archiveWithRecordings();
    const csv = (await filesOf(archive)).get('sightings.csv')!;
    const ed = await signUp(fresh, 'csv-only');
    const res = await importFile(ed, csv);
    expect(res.statusCode, res.body).toBe(201);
    const paths = ids.map((id) => `/objects/uploads/${id}`).join(' ');
    expect(res.json()).toMatchObject({
      imported: 2,
      warnings: [
        { line: 3, message: `Uploaded recordings cannot be imported: 2 left out (${paths})` },
      ],
    });
  });
});
