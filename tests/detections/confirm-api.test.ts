import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { detections } from '../../src/server/db/schema.js';
import { upsertTaxa } from '../../src/server/features/taxonomy/taxon-writes.js';
import { OUTING_DETECTION_TEXTS } from '../../src/common/detections.js';
import {
  as,
  signUp,
  stores,
  testConfig,
  uploadRecordingAs,
  type TestUser,
} from '../support/helpers.js';
import { seedTaxon } from '../support/seed-taxa.js';
import { importDetections } from './support.js';

// Issue 37: a person confirms a species detected (a log of the outing) or rejects it.

const clip = readFileSync(new URL('../fixtures/audio/pcm-16k.wav', import.meta.url));

describe.each(stores)('confirming detections on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
    await upsertTaxa(app.db, [
      seedTaxon('gbif:2492321', 'Phoenicurus ochruros', 'Black Redstart'),
      { ...seedTaxon('ebird:daejun', 'Junco hyemalis', 'Dark-eyed Junco'), source: 'ebird' },
    ]);
  });
  afterAll(() => app.close());

  const decide = (user: TestUser, outingId: string, action: string, payload: object) =>
    app.inject({
      method: 'POST',
      url: `/api/outings/${outingId}/detections/${action}`,
      headers: as(user),
      payload,
    });
  const listOf = async (user: TestUser, outingId: string) =>
    (
      await app.inject({
        method: 'GET',
        url: `/api/outings/${outingId}/detections`,
        headers: as(user),
      })
    ).json();

  it('lists the evening by species and hour, best clips first', async () => {
    const ada = await signUp(app, 'ada');
    const { outings } = await importDetections(app, ada, 'BirdDB.txt');
    const list = await listOf(ada, outings[0]!.id!);
    expect(list.decided).toEqual([]);
    expect(list.toConfirm.map((g: { scientificName: string }) => g.scientificName)).toEqual([
      'Hirundo rustica',
      'Parus major',
      'Passer domesticus',
      'Phoenicurus ochruros',
      'Turdus merula',
    ]);
    const redstarts = list.toConfirm[3];
    expect(redstarts).toMatchObject({ hour: '2023-04-25T19', detections: 5 });
    expect(redstarts.clips).toHaveLength(3);
    const confidences = redstarts.clips.map((clip: { confidence: number }) => clip.confidence);
    expect(confidences).toEqual([...confidences].sort((a, b) => b - a));
    expect(redstarts.clips[0].detectedAt).toMatch(/^2023-04-25T19:\d\d:\d\d\+02:00$/);
  });

  it('confirms a species as a log of the outing, linked to its taxon, once', async () => {
    const bob = await signUp(app, 'bob');
    const { outings } = await importDetections(app, bob, 'BirdDB.txt');
    const outingId = outings[0]!.id!;
    const res = await decide(bob, outingId, 'confirm', {
      speciesKey: 'Phoenicurus ochruros',
      count: 2,
    });
    expect(res.statusCode).toBe(201);
    const log = res.json();
    expect(log).toMatchObject({
      speciesCommon: 'Hausrotschwanz',
      speciesScientific: 'Phoenicurus ochruros',
      count: 2,
      outingId,
      timeZone: 'Europe/Berlin',
      latitude: 47.8555,
      longitude: 12.3439,
      isPublic: false,
      taxon: { id: 'gbif:2492321', scientificName: 'Phoenicurus ochruros' },
    });
    expect(log.observedAt).toBe('2023-04-25T17:10:13.000Z'); // its first detection, 19:10:13
    expect(log.notes).toMatch(/^Confirmed from 5 BirdNET detections \(best 0\.\d\d\)\.$/);
    const marked = await app.db
      .select()
      .from(detections)
      .where(and(eq(detections.userId, bob.id), eq(detections.logId, log.id)));
    expect(marked).toHaveLength(5);
    expect(marked.every((row) => row.status === 'confirmed')).toBe(true);

    const again = await decide(bob, outingId, 'confirm', { speciesKey: 'Phoenicurus ochruros' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(OUTING_DETECTION_TEXTS.alreadyDecided);
    const outing = await app.inject({
      method: 'GET',
      url: `/api/outings/${outingId}`,
      headers: as(bob),
    });
    expect(outing.json().logs.map((one: { id: string }) => one.id)).toEqual([log.id]);
    const list = await listOf(bob, outingId);
    expect(list.toConfirm).toHaveLength(4);
    expect(list.decided).toEqual([
      expect.objectContaining({
        speciesKey: 'Phoenicurus ochruros',
        status: 'confirmed',
        detections: 5,
        logId: log.id,
      }),
    ]);
  });

  it('confirms a species known by its eBird code, with the count 1 unless given', async () => {
    const cy = await signUp(app, 'cy');
    const { outings } = await importDetections(app, cy, 'soundscape.BirdNET.selection.table.txt', {
      recordingStart: '2024-05-01T05:30',
      timeZone: 'America/Toronto',
    });
    const res = await decide(cy, outings[0]!.id!, 'confirm', { speciesKey: 'code:daejun' });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      speciesCommon: 'Dark-eyed Junco',
      count: 1,
      taxon: { id: 'ebird:daejun' },
      observedAt: '2024-05-01T09:30:42.000Z',
    });
  });

  it('rejects a species in the hours named, and says when there is nothing to decide', async () => {
    const di = await signUp(app, 'di');
    const { outings } = await importDetections(app, di, 'BirdDB.txt');
    const outingId = outings[1]!.id!;
    const wrongHour = await decide(di, outingId, 'reject', {
      speciesKey: 'Parus major',
      hours: ['2023-04-26T07'],
    });
    expect(wrongHour.statusCode).toBe(404);
    expect(wrongHour.json().message).toBe(OUTING_DETECTION_TEXTS.noSuchSpecies);
    const res = await decide(di, outingId, 'reject', {
      speciesKey: 'Parus major',
      hours: ['2023-04-26T06'],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ decided: 2 });
    const list = await listOf(di, outingId);
    expect(list.toConfirm.map((g: { speciesKey: string }) => g.speciesKey)).toEqual([
      'Passer domesticus',
      'Phoenicurus ochruros',
    ]);
    expect(list.decided).toEqual([
      expect.objectContaining({ speciesKey: 'Parus major', status: 'rejected', logId: null }),
    ]);
    const confirmRejected = await decide(di, outingId, 'confirm', { speciesKey: 'Parus major' });
    expect(confirmRejected.statusCode).toBe(409);
  });

  it('attaches the clip files uploaded to the log a confirmation makes', async () => {
    const gil = await signUp(app, 'gil');
    const { outings } = await importDetections(app, gil, 'BirdDB.txt');
    const outingId = outings[0]!.id!;
    const { objectPath } = await uploadRecordingAs(app, gil, clip);
    const res = await decide(gil, outingId, 'confirm', {
      speciesKey: 'Turdus merula',
      count: 2,
      uploadedRecordingUrls: [objectPath, objectPath], // each once
    });
    expect(res.statusCode, res.body).toBe(201);
    const log = res.json();
    expect(log).toMatchObject({ count: 2, outingId });
    expect(log.recordings).toEqual([
      expect.objectContaining({ url: objectPath, mime: 'audio/wav', durationSeconds: 3 }),
    ]);
    const read = await app.inject({ method: 'GET', url: `/api/logs/${log.id}`, headers: as(gil) });
    expect(read.json().recordings).toEqual(log.recordings);
  });

  it("refuses another user's recording as the clip, and decides nothing (400)", async () => {
    const hal = await signUp(app, 'hal');
    const ivy = await signUp(app, 'ivy');
    const { outings } = await importDetections(app, hal, 'BirdDB.txt');
    const outingId = outings[0]!.id!;
    const { objectPath } = await uploadRecordingAs(app, ivy, clip);
    const res = await decide(hal, outingId, 'confirm', {
      speciesKey: 'Turdus merula',
      uploadedRecordingUrls: [objectPath],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(`Uploaded recording not found: ${objectPath}`);
    const list = await listOf(hal, outingId);
    expect(list.decided).toEqual([]);
    expect(list.toConfirm.map((g: { speciesKey: string }) => g.speciesKey)).toContain(
      'Turdus merula',
    );
    const logs = await app.inject({ method: 'GET', url: '/api/logs', headers: as(hal) });
    expect(logs.json().total).toBe(0);
  });

  it("finds no outing of another user's, private or not", async () => {
    const ed = await signUp(app, 'ed');
    const fay = await signUp(app, 'fay');
    const { outings } = await importDetections(app, ed, 'BirdDB.txt');
    const outingId = outings[0]!.id!;
    await app.inject({
      method: 'PUT',
      url: `/api/outings/${outingId}`,
      headers: as(ed),
      payload: { startedAt: '2023-04-25T17:04:28Z', isPublic: true },
    });
    const list = await app.inject({
      method: 'GET',
      url: `/api/outings/${outingId}/detections`,
      headers: as(fay),
    });
    expect(list.statusCode).toBe(404);
    const confirm = await decide(fay, outingId, 'confirm', { speciesKey: 'Turdus merula' });
    expect(confirm.statusCode).toBe(404);
    const reject = await decide(fay, outingId, 'reject', { speciesKey: 'Turdus merula' });
    expect(reject.statusCode).toBe(404);
    expect((await listOf(ed, outingId)).decided).toEqual([]);
  });
});
