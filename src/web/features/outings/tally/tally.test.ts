import { describe, expect, it } from 'vitest';
import { outingWriteSchema } from '../../../../common/outings/schemas';
import { logWriteSchema } from '../../../../common/logs/schemas';
import {
  addFix,
  addRecording,
  addSpecies,
  changeCount,
  metresBetween,
  minutesSince,
  removeEntry,
  setNote,
  startTally,
  type Fix,
  type TallyRecording,
} from './tally';
import { outingLabel, tallyWrites, type OutingEnd } from './tally-writes';

const started = startTally('outing-key', new Date('2026-05-01T05:02:00Z'), 'Europe/London');
const wren = {
  speciesCommon: 'Wren',
  speciesScientific: 'Troglodytes troglodytes',
  taxonId: 'gbif:1',
};
const robin = { speciesCommon: 'Robin', speciesScientific: null, taxonId: null };

/** A fix `north` metres north of a point on the Greenwich meridian. */
const fix = (north: number, accuracy = 5): Fix => ({
  latitude: 51.5 + north / 111_195,
  longitude: 0,
  accuracy,
});

describe('the tally', () => {
  it('adds a species with a count of 1, latest first, and counts a known one again', () => {
    let tally = addSpecies(started, wren, 'a');
    tally = addSpecies(tally, robin, 'b');
    tally = addSpecies(tally, { ...robin, speciesCommon: ' robin' }, 'c'); // the same name
    tally = addSpecies(tally, { ...wren, speciesCommon: 'Eurasian Wren' }, 'd'); // the same taxon
    expect(tally.entries.map((entry) => [entry.key, entry.speciesCommon, entry.count])).toEqual([
      ['b', 'Robin', 2],
      ['a', 'Wren', 2],
    ]);
  });

  it('changes counts but never below 1, keeps notes and removes species', () => {
    let tally = addSpecies(started, wren, 'a');
    tally = changeCount(tally, 'a', 1);
    tally = changeCount(tally, 'a', 1);
    tally = changeCount(tally, 'a', -1);
    expect(tally.entries[0]!.count).toBe(2);
    tally = changeCount(changeCount(tally, 'a', -1), 'a', -1);
    expect(tally.entries[0]!.count).toBe(1);
    tally = setNote(tally, 'a', 'singing');
    expect(tally.entries[0]!.note).toBe('singing');
    expect(removeEntry(tally, 'a').entries).toEqual([]);
  });

  it('measures great-circle distances', () => {
    // one degree of latitude on the mean sphere is 111.195 km
    expect(metresBetween({ latitude: 0, longitude: 0 }, { latitude: 1, longitude: 0 })).toBeCloseTo(
      111_195,
      0,
    );
    expect(metresBetween(fix(0), fix(250))).toBeCloseTo(250, 0);
  });

  it('adds the way walked, not the wander of fixes standing still', () => {
    let tally = addFix(started, fix(0, 20));
    expect(tally.start).toEqual(fix(0, 20));
    for (const north of [5, -8, 12, -3]) tally = addFix(tally, fix(north, 20)); // jitter
    expect(tally.distanceKm).toBe(0);
    tally = addFix(tally, fix(0, 4)); // a better fix at the start becomes the start
    expect(tally.start).toEqual(fix(0, 4));
    tally = addFix(tally, fix(100, 10));
    tally = addFix(tally, fix(300, 10));
    expect(tally.distanceKm * 1000).toBeCloseTo(300, 0);
    tally = addFix(tally, fix(5_000, 800)); // too coarse to count
    expect(tally.distanceKm * 1000).toBeCloseTo(300, 0);
    expect(tally.start).toEqual(fix(0, 4)); // kept once walking
  });

  it('keeps a coarse first fix as the start when nothing better comes', () => {
    expect(addFix(started, fix(0, 900)).start).toEqual(fix(0, 900));
    expect(addFix(started, fix(0, 900)).lastFix).toBeNull();
  });

  it('counts whole minutes since the start', () => {
    expect(minutesSince(started.startedAt, new Date('2026-05-01T06:19:59Z'))).toBe(77);
    expect(minutesSince(started.startedAt, new Date('2026-05-01T05:00:00Z'))).toBe(0);
  });
});

describe('an ended tally as writes', () => {
  const end: OutingEnd = {
    durationMinutes: 75,
    distanceKm: 1.234,
    protocol: 'traveling',
    partySize: 2,
    complete: true,
    placeName: 'Marsh Lane',
    notes: '',
  };
  const tally = setNote(
    changeCount(
      addSpecies(addSpecies(addFix(started, fix(0, 12.4)), wren, 'a'), robin, 'b'),
      'b',
      2,
    ),
    'a',
    'singing',
  );

  it('makes the outing first, then a log per species in the order tallied, keyed by the tally', () => {
    const writes = tallyWrites(tally, end, 'user-1');
    expect(writes.map(({ id, method, path, outingKey }) => [id, method, path, outingKey])).toEqual([
      ['outing-key', 'POST', '/api/outings', undefined],
      ['a', 'POST', '/api/logs', 'outing-key'],
      ['b', 'POST', '/api/logs', 'outing-key'],
    ]);
    expect(writes[0]!.species).toBe(outingLabel(tally));
    expect(outingWriteSchema.parse(writes[0]!.body)).toMatchObject({
      startedAt: '2026-05-01T05:02:00.000Z',
      timeZone: 'Europe/London',
      durationMinutes: 75,
      distanceKm: 1.234,
      protocol: 'traveling',
      partySize: 2,
      complete: true,
      placeName: 'Marsh Lane',
      latitude: 51.5,
      longitude: 0,
      coordinateUncertainty: 12,
      notes: null,
    });
    const [wrenLog, robinLog] = writes.slice(1).map((write) => logWriteSchema.parse(write.body));
    expect(wrenLog).toMatchObject({
      speciesCommon: 'Wren',
      speciesScientific: 'Troglodytes troglodytes',
      taxonId: 'gbif:1',
      count: 1,
      notes: 'singing',
      observedAt: '2026-05-01T05:02:00.000Z',
      timeZone: 'Europe/London',
      placeName: 'Marsh Lane',
      latitude: 51.5,
      coordinateUncertainty: 12,
    });
    expect(robinLog).toMatchObject({ speciesCommon: 'Robin', count: 3, notes: null });
  });

  it('leaves the distance out of protocols without one, and the place out without a fix', () => {
    const [outing] = tallyWrites(
      addSpecies(started, wren, 'a'),
      { ...end, protocol: 'stationary' },
      'u',
    );
    expect(outingWriteSchema.parse(outing!.body)).toMatchObject({
      protocol: 'stationary',
      distanceKm: null,
      latitude: null,
      longitude: null,
      coordinateUncertainty: null,
    });
  });

  // issue 37: a recording made on the tally, tagged with when it began and where the device was
  const heard = (path: string, at: Fix | null): TallyRecording => ({
    objectPath: `/objects/uploads/00000000-0000-4000-8000-00000000000${path}`,
    durationSeconds: 3,
    recordedAt: '2026-05-01T05:40:00.000Z',
    at,
  });

  it("adds a species heard with the recording's time and place, its recordings to its log", () => {
    const withSong = addRecording(
      tally,
      { ...robin, speciesCommon: 'Song Thrush' },
      heard('1', fix(500, 8)),
      'c',
    );
    expect(withSong.entries[0]).toMatchObject({ key: 'c', speciesCommon: 'Song Thrush', count: 1 });
    const thrushLog = logWriteSchema.parse(tallyWrites(withSong, end, 'u').at(-1)!.body);
    expect(thrushLog).toMatchObject({
      speciesCommon: 'Song Thrush',
      count: 1,
      observedAt: '2026-05-01T05:40:00.000Z',
      timeZone: 'Europe/London',
      latitude: fix(500).latitude,
      coordinateUncertainty: 8,
      uploadedRecordingUrls: ['/objects/uploads/00000000-0000-4000-8000-000000000001'],
    });
  });

  it('adds a recording to a species tallied, keeping its count, time and place', () => {
    let withSongs = addRecording(tally, wren, heard('1', fix(500)), 'c');
    withSongs = addRecording(withSongs, wren, heard('2', null), 'd');
    expect(withSongs.entries.map((entry) => [entry.key, entry.count])).toEqual([
      ['b', 3],
      ['a', 1],
    ]);
    const wrenLog = logWriteSchema.parse(tallyWrites(withSongs, end, 'u')[1]!.body);
    expect(wrenLog).toMatchObject({
      observedAt: '2026-05-01T05:02:00.000Z',
      latitude: 51.5,
      uploadedRecordingUrls: [
        `/objects/uploads/00000000-0000-4000-8000-000000000001`,
        `/objects/uploads/00000000-0000-4000-8000-000000000002`,
      ],
    });
    // a log without recordings sends none: an old tally's entries have no list at all
    expect(tallyWrites(tally, end, 'u')[1]!.body).not.toHaveProperty('uploadedRecordingUrls');
  });

  it("logs a species heard where nothing was known at the outing's start", () => {
    const noFix = addRecording(started, wren, heard('1', null), 'a');
    expect(logWriteSchema.parse(tallyWrites(noFix, end, 'u')[1]!.body)).toMatchObject({
      observedAt: '2026-05-01T05:40:00.000Z',
      latitude: null,
    });
  });
});
