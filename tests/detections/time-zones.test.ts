import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { asc, eq } from 'drizzle-orm';
import { buildApp } from '../../src/server/app.js';
import { detections } from '../../src/server/db/schema.js';
import type { DetectionImportResult } from '../../src/common/detections.js';
import { as, signUp, stores, testConfig, type TestUser } from '../support/helpers.js';
import { postDetections } from './support.js';

// Issue 37: a station's clock across a daylight-saving change, south of the equator, at a
// half-hour offset and over local midnight. BirdNET-Pi writes its local wall clock: an hour
// repeated at fall-back is read as its first pass (the file cannot tell the two apart), and a
// time in a spring-forward gap moves on by the gap, never to another day.

const NEW_YORK = { lat: 40.7128, lon: -74.006 };
const SYDNEY = { lat: -33.8688, lon: 151.2093 };
const KOLKATA = { lat: 22.5726, lon: 88.3639 };

/** A BirdDB.txt of detections at the station, one `date|time|scientific|common|score` a line. */
function birdDb(station: { lat: number; lon: number }, lines: string[]) {
  const rows = lines.map((line) => {
    const [date, time, scientific, common, confidence] = line.split('|');
    return `${date};${time};${scientific};${common};${confidence};${station.lat};${station.lon};0.7;10;1.25;0.0`;
  });
  return ['Date;Time;Sci_Name;Com_Name;Confidence;Lat;Lon;Cutoff;Week;Sens;Overlap', ...rows].join(
    '\n',
  );
}

/** A BirdNET-Analyzer selection table (2024's columns) of one recording: seconds in, species. */
function selectionTable(
  recording: string,
  rows: Array<[seconds: number, name: string, code: string]>,
) {
  const header =
    'Selection\tView\tChannel\tBegin Time (s)\tEnd Time (s)\tLow Freq (Hz)\tHigh Freq (Hz)\t' +
    'Common Name\tSpecies Code\tConfidence\tBegin Path\tFile Offset (s)';
  const lines = rows.map(
    ([seconds, name, code], index) =>
      `${index + 1}\tSpectrogram 1\t1\t${seconds}\t${seconds + 3}\t0\t15000\t${name}\t${code}\t0.9\t${recording}\t${seconds}`,
  );
  return [header, ...lines].join('\n');
}

describe.each(stores)('detections across zones and clock changes on $store', ({ databaseUrl }) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp(testConfig({ databaseUrl }));
  });
  afterAll(() => app.close());

  /** The import, its dry run first: both must see the same outings and groups. */
  async function imported(
    user: TestUser,
    text: string,
    query: Record<string, string> = {},
  ): Promise<DetectionImportResult> {
    const dry = await postDetections(app, user, { text }, { ...query, dryRun: 'true' });
    expect(dry.statusCode, dry.body).toBe(200);
    const res = await postDetections(app, user, { text }, query);
    expect(res.statusCode, res.body).toBe(201);
    const result = res.json() as DetectionImportResult;
    expect(dry.json().outings).toEqual(result.outings.map((outing) => ({ ...outing, id: null })));
    return result;
  }

  /** Each stored detection's species and instant, in time order. */
  async function instantsOf(user: TestUser) {
    const rows = await app.db
      .select()
      .from(detections)
      .where(eq(detections.userId, user.id))
      .orderBy(asc(detections.detectedAt), asc(detections.commonName));
    return rows.map((row) => `${row.detectedAt.toISOString().slice(0, 19)}Z ${row.commonName}`);
  }

  /** The outing's groups to confirm, as `hour species×detections`. */
  async function groupsOf(user: TestUser, outingId: string) {
    const res = await app.inject({
      method: 'GET',
      url: `/api/outings/${outingId}/detections`,
      headers: as(user),
    });
    expect(res.statusCode).toBe(200);
    const groups = res.json().toConfirm as Array<{
      hour: string;
      commonName: string;
      detections: number;
    }>;
    return groups.map((group) => `${group.hour} ${group.commonName}×${group.detections}`);
  }

  it('reads New York across spring-forward: no 02:00 hour, a gap time moved on by the hour', async () => {
    const ada = await signUp(app, 'spring');
    const text = birdDb(NEW_YORK, [
      '2024-03-10|01:30:00|Turdus migratorius|American Robin|0.91',
      '2024-03-10|01:59:58|Turdus migratorius|American Robin|0.82',
      // the clock jumps from 01:59:59 EST to 03:00:00 EDT
      '2024-03-10|03:00:05|Turdus migratorius|American Robin|0.88',
      '2024-03-10|03:30:00|Cardinalis cardinalis|Northern Cardinal|0.93',
      // a time the clock never showed (a hand-set clock): the same instant as 03:30 EDT
      '2024-03-10|02:30:00|Strix varia|Barred Owl|0.9',
    ]);
    const result = await imported(ada, text);
    expect(result.outings).toEqual([
      { id: expect.any(String), date: '2024-03-10', timeZone: 'America/New_York', toConfirm: 4 },
    ]);
    expect(await instantsOf(ada)).toEqual([
      '2024-03-10T06:30:00Z American Robin', // 01:30 EST (−05:00)
      '2024-03-10T06:59:58Z American Robin',
      '2024-03-10T07:00:05Z American Robin', // 03:00:05 EDT (−04:00): seven seconds later
      '2024-03-10T07:30:00Z Barred Owl',
      '2024-03-10T07:30:00Z Northern Cardinal',
    ]);
    expect(await groupsOf(ada, result.outings[0]!.id!)).toEqual([
      '2024-03-10T01 American Robin×2',
      '2024-03-10T03 Northern Cardinal×1', // within an hour, by scientific name
      '2024-03-10T03 Barred Owl×1',
      '2024-03-10T03 American Robin×1',
    ]);
  });

  it('reads New York across fall-back: a repeated hour as its first pass, on one day', async () => {
    const bea = await signUp(app, 'fall');
    const text = birdDb(NEW_YORK, [
      '2024-11-03|00:50:00|Turdus migratorius|American Robin|0.9',
      '2024-11-03|01:10:00|Turdus migratorius|American Robin|0.91',
      '2024-11-03|01:40:00|Strix varia|Barred Owl|0.92',
      // 02:00 EDT becomes 01:00 EST: the hour comes again
      '2024-11-03|01:05:00|Strix varia|Barred Owl|0.93',
      '2024-11-03|02:10:00|Strix varia|Barred Owl|0.94',
    ]);
    const result = await imported(bea, text);
    expect(result.outings).toEqual([
      { id: expect.any(String), date: '2024-11-03', timeZone: 'America/New_York', toConfirm: 4 },
    ]);
    expect(await instantsOf(bea)).toEqual([
      '2024-11-03T04:50:00Z American Robin', // 00:50 EDT (−04:00)
      '2024-11-03T05:05:00Z Barred Owl', // 01:05 read as EDT, the earlier of the two
      '2024-11-03T05:10:00Z American Robin',
      '2024-11-03T05:40:00Z Barred Owl',
      '2024-11-03T07:10:00Z Barred Owl', // 02:10 EST (−05:00)
    ]);
    expect(await groupsOf(bea, result.outings[0]!.id!)).toEqual([
      '2024-11-03T00 American Robin×1',
      '2024-11-03T01 Barred Owl×2',
      '2024-11-03T01 American Robin×1',
      '2024-11-03T02 Barred Owl×1',
    ]);
  });

  it("reads a Sydney station's October spring-forward and April fall-back, on its own dates", async () => {
    const cy = await signUp(app, 'sydney');
    const text = birdDb(SYDNEY, [
      '2024-04-07|01:50:00|Cracticus tibicen|Australian Magpie|0.9',
      // 03:00 AEDT becomes 02:00 AEST: 02:20 twice, the first pass taken
      '2024-04-07|02:20:00|Cracticus tibicen|Australian Magpie|0.91',
      '2024-04-07|03:10:00|Cracticus tibicen|Australian Magpie|0.92',
      '2024-10-06|01:59:30|Dacelo novaeguineae|Laughing Kookaburra|0.9',
      // 02:00 AEST becomes 03:00 AEDT
      '2024-10-06|03:00:10|Dacelo novaeguineae|Laughing Kookaburra|0.91',
      '2024-10-06|02:30:00|Ninox boobook|Southern Boobook|0.9',
    ]);
    const result = await imported(cy, text);
    // their local dates, a day after the UTC dates of the night's first hours
    expect(
      result.outings.map(({ date, timeZone, toConfirm }) => [date, timeZone, toConfirm]),
    ).toEqual([
      ['2024-04-07', 'Australia/Sydney', 3],
      ['2024-10-06', 'Australia/Sydney', 3],
    ]);
    expect(await instantsOf(cy)).toEqual([
      '2024-04-06T14:50:00Z Australian Magpie', // 01:50 AEDT (+11:00)
      '2024-04-06T15:20:00Z Australian Magpie', // 02:20 AEDT, the first pass
      '2024-04-06T17:10:00Z Australian Magpie', // 03:10 AEST (+10:00)
      '2024-10-05T15:59:30Z Laughing Kookaburra', // 01:59:30 AEST
      '2024-10-05T16:00:10Z Laughing Kookaburra', // 03:00:10 AEDT: forty seconds later
      '2024-10-05T16:30:00Z Southern Boobook', // 02:30 never shown: 03:30 AEDT
    ]);
    const [april, october] = result.outings;
    expect(await groupsOf(cy, april!.id!)).toEqual([
      '2024-04-07T01 Australian Magpie×1',
      '2024-04-07T02 Australian Magpie×1',
      '2024-04-07T03 Australian Magpie×1',
    ]);
    expect(await groupsOf(cy, october!.id!)).toEqual([
      '2024-10-06T01 Laughing Kookaburra×1',
      '2024-10-06T03 Laughing Kookaburra×1',
      '2024-10-06T03 Southern Boobook×1',
    ]);
  });

  it('reads a station at +05:30, and makes an outing of each local date across midnight', async () => {
    const di = await signUp(app, 'kolkata');
    const text = birdDb(KOLKATA, [
      '2024-05-01|05:45:00|Acridotheres tristis|Common Myna|0.9',
      '2024-05-01|23:40:00|Eudynamys scolopaceus|Asian Koel|0.91',
      '2024-05-01|23:55:00|Eudynamys scolopaceus|Asian Koel|0.92',
      // after local midnight, still 1 May in UTC (18:35Z)
      '2024-05-02|00:05:00|Eudynamys scolopaceus|Asian Koel|0.93',
      '2024-05-02|00:20:00|Otus bakkamoena|Indian Scops Owl|0.9',
    ]);
    const result = await imported(di, text);
    expect(
      result.outings.map(({ date, timeZone, toConfirm }) => [date, timeZone, toConfirm]),
    ).toEqual([
      ['2024-05-01', 'Asia/Kolkata', 2],
      ['2024-05-02', 'Asia/Kolkata', 2],
    ]);
    expect(await instantsOf(di)).toEqual([
      '2024-05-01T00:15:00Z Common Myna',
      '2024-05-01T18:10:00Z Asian Koel',
      '2024-05-01T18:25:00Z Asian Koel',
      '2024-05-01T18:35:00Z Asian Koel',
      '2024-05-01T18:50:00Z Indian Scops Owl',
    ]);
    const [first, second] = result.outings;
    expect(await groupsOf(di, first!.id!)).toEqual([
      '2024-05-01T05 Common Myna×1',
      '2024-05-01T23 Asian Koel×2',
    ]);
    expect(await groupsOf(di, second!.id!)).toEqual([
      '2024-05-02T00 Asian Koel×1',
      '2024-05-02T00 Indian Scops Owl×1',
    ]);
    const outing = await app.inject({
      method: 'GET',
      url: `/api/outings/${second!.id}`,
      headers: as(di),
    });
    expect(outing.json()).toMatchObject({
      startedAt: '2024-05-01T18:35:00.000Z', // 00:05 on 2 May there
      timeZone: 'Asia/Kolkata',
    });
  });

  it('splits a recording named in UTC at the local midnight of its station, by local hours', async () => {
    const ed = await signUp(app, 'utc-name');
    // 17:40Z is 23:10 in Kolkata: the recording runs past local midnight
    const text = selectionTable('20240501T174000Z_KOL.wav', [
      [600, 'Asian Koel', 'asikoe2'],
      [1800, 'Asian Koel', 'asikoe2'],
      [3600, 'Asian Koel', 'asikoe2'],
    ]);
    const result = await imported(ed, text, {
      latitude: String(KOLKATA.lat),
      longitude: String(KOLKATA.lon),
    });
    // 17:50Z and 18:10Z are two hours in UTC, one (23:00) in Kolkata: the dry run agrees
    expect(result.outings.map(({ date, toConfirm }) => [date, toConfirm])).toEqual([
      ['2024-05-01', 1],
      ['2024-05-02', 1],
    ]);
    expect(await instantsOf(ed)).toEqual([
      '2024-05-01T17:50:00Z Asian Koel',
      '2024-05-01T18:10:00Z Asian Koel',
      '2024-05-01T18:40:00Z Asian Koel',
    ]);
    expect(await groupsOf(ed, result.outings[0]!.id!)).toEqual(['2024-05-01T23 Asian Koel×2']);
  });

  it('counts seconds into a recording from its start, across both of the clock changes', async () => {
    const fay = await signUp(app, 'recorder');
    // started 00:30 EDT on fall-back night: 5400 s later the clock shows 01:00 for the second time
    const fall = selectionTable('night.wav', [
      [1800, 'Barred Owl', 'brdowl'],
      [5400, 'Barred Owl', 'brdowl'],
      [9000, 'Barred Owl', 'brdowl'],
    ]);
    const november = await imported(fay, fall, {
      recordingStart: '2024-11-03T00:30',
      latitude: String(NEW_YORK.lat),
      longitude: String(NEW_YORK.lon),
    });
    expect(await instantsOf(fay)).toEqual([
      '2024-11-03T05:00:00Z Barred Owl', // 01:00 EDT
      '2024-11-03T06:00:00Z Barred Owl', // 01:00 EST, an hour later
      '2024-11-03T07:00:00Z Barred Owl', // 02:00 EST
    ]);
    expect(await groupsOf(fay, november.outings[0]!.id!)).toEqual([
      '2024-11-03T01 Barred Owl×2',
      '2024-11-03T02 Barred Owl×1',
    ]);

    const gus = await signUp(app, 'recorder-spring');
    // started 01:30 EST on spring-forward night: 6000 s later it is 04:10 EDT
    const spring = selectionTable('night.wav', [
      [1200, 'Barred Owl', 'brdowl'],
      [6000, 'Barred Owl', 'brdowl'],
    ]);
    const march = await imported(gus, spring, {
      recordingStart: '2024-03-10T01:30',
      timeZone: 'America/New_York',
    });
    expect(await instantsOf(gus)).toEqual([
      '2024-03-10T06:50:00Z Barred Owl', // 01:50 EST
      '2024-03-10T08:10:00Z Barred Owl', // 04:10 EDT
    ]);
    expect(await groupsOf(gus, march.outings[0]!.id!)).toEqual([
      '2024-03-10T01 Barred Owl×1',
      '2024-03-10T04 Barred Owl×1',
    ]);
  });
});
