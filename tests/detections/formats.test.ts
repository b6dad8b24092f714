import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { detectionImportOptionsSchema, DETECTION_TEXTS } from '../../src/common/detections.js';
import {
  detectFormat,
  DetectionFileError,
  groupDetections,
  readDetections,
  type ReadContext,
} from '../../src/server/features/detections/formats/index.js';

// Each fixture holds real rows, trimmed, from a public file or from output pasted in an issue:
//   BirdDB.txt, BirdDB-later.txt       gitalm/BirdNetPrien BirdDB.txt @ d9c447b0d8b7d73d5987c9ab21f483f924f43164
//                                      (rows 1–20, and rows 15–24 as a later, overlapping export)
//   soundscape.wav.csv                 BirdNET-Go's CSV writer, tphakala/birdnet-go
//                                      internal/observation/observation.go WriteNotesCsv
//                                      @ e38fa628ebb79cd8318b9f5696c15cac33998895, with the rows of
//                                      the run in its doc/wiki/file-analysis.md (confidence to 2 places)
//   soundscape.wav.txt                 BirdNET-Go's Raven table, pasted in tphakala/birdnet-go
//                                      doc/wiki/file-analysis.md @ 743ad95b7a541b30f6d93b86b9ae07aeddc2cb3e
//   soundscape.BirdNET.selection.table.txt
//                                      birdnet-team/BirdNET-Analyzer tests/resources/
//                                      SNAPSHOT.analyze__cli.case1.expected.soundscape.BirdNET.selection.table.txt
//                                      @ 49dd20b7ccc67c4d19954dfee9473c877d8323e4
//   birdnet_2025-08-02_22-12-19.BirdNET.selection.table.txt
//                                      https://github.com/birdnet-team/BirdNET-Analyzer/issues/762
//   BirdNET_CombinedTable.csv          alidimitriou/Helicopter_ARU_Pilot BirdNET_CombinedTable.csv
//                                      @ 92308e549d579dad89c01ea345836b83c7b9e155 (first 12 rows)
//   BirdNET_Rivendell_20210623_113602.csv
//                                      the ';' CSV of BirdNET before 2022, as documented with real
//                                      output in nationalparkservice/NSNSDAcoustics R/birdnet_run.R
//                                      @ d3b985f15b63fe420001e095a0dfb81740750d62
//   20250618T230000Z_NR2_5133298.BirdNET.results.csv
//                                      https://github.com/QutEcoacoustics/baw-server/issues/890

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/detections/${name}`, import.meta.url), 'utf8');
/** A fixture read, once its format is found to be the one expected. */
function readFixture(name: string, format: string, context: ReadContext = {}) {
  const text = fixture(name);
  expect(detectFormat(text)).toBe(format);
  return readDetections(text, context);
}
/** The rows read from a file of these lines. */
const rowsOf = (...lines: string[]) => readDetections(lines.join('\n')).rows;

describe('BirdNET-Pi', () => {
  it("reads BirdDB.txt, keeping one species' two detections in one second", () => {
    const read = readDetections(fixture('BirdDB.txt'));
    expect(read.format).toBe('birdnet-pi');
    expect(read.rows).toHaveLength(20);
    expect(read.rejected).toEqual([]);
    const [swallow] = read.rows;
    expect([swallow?.scientificName, swallow?.commonName]).toEqual([
      'Hirundo rustica',
      'Rauchschwalbe',
    ]);
    expect(swallow?.confidence).toBe(0.8507911);
    expect(swallow?.startedAt).toEqual({ date: '2023-04-25', time: '19:04:28' });
    expect([swallow?.latitude, swallow?.longitude]).toEqual([47.8555, 12.3439]);
    const greatTits = read.rows.filter(
      (row) => row.scientificName === 'Parus major' && row.startedAt.time === '19:06:58',
    );
    expect(greatTits.map((row) => row.confidence)).toEqual([0.7324626, 0.7403083]);
    expect(new Set(read.rows.map((row) => row.sourceKey)).size).toBe(20);
  });

  it('gives the same keys reading twice, and shares them with an overlapping export', () => {
    const first = readDetections(fixture('BirdDB.txt')).rows.map((row) => row.sourceKey);
    expect(readDetections(fixture('BirdDB.txt')).rows.map((row) => row.sourceKey)).toEqual(first);
    const later = readDetections(fixture('BirdDB-later.txt')).rows.map((row) => row.sourceKey);
    const shared = later.filter((key) => first.includes(key));
    expect(shared).toHaveLength(6);
    expect(later.length - shared.length).toBe(4);
  });

  it('reads a Windows copy (BOM, CRLF) alike', () => {
    const windows = `\uFEFF${fixture('BirdDB.txt').replace(/\n/g, '\r\n')}`;
    expect(detectFormat(windows)).toBe('birdnet-pi');
    const read = readDetections(windows);
    expect(read.rows).toEqual(readDetections(fixture('BirdDB.txt')).rows);
  });

  it("reads birds.db's detections exported as CSV, with the same keys as BirdDB.txt", () => {
    // scripts/createdb.sh's columns; newer versions round the confidence to 4 places
    const [row] = rowsOf(
      'Date,Time,Sci_Name,Com_Name,Confidence,Lat,Lon,Cutoff,Week,Sens,Overlap,File_Name',
      '2023-04-25,19:04:28,Hirundo rustica,Rauchschwalbe,0.8508,47.8555,12.3439,0.7,17,1.25,0.0,Rauchschwalbe-85-2023-04-25-birdnet-19:04:28.mp3',
    );
    expect(row?.file).toBe('Rauchschwalbe-85-2023-04-25-birdnet-19:04:28.mp3');
    expect(row?.sourceKey).toBe(readDetections(fixture('BirdDB.txt')).rows[0]?.sourceKey);
  });

  it('reads a percent confidence and a decimal comma, and says why a row is left out', () => {
    const text = [
      'Date;Time;Sci_Name;Com_Name;Confidence;Lat;Lon;Cutoff;Week;Sens;Overlap',
      '2023-04-26;06:24:06;Passer domesticus;Haussperling;81%;-1;-1;0.7;17;1.25;0.0',
      '2023-04-26;06:26:21;Passer domesticus;Haussperling;71,6;-1;-1;0.7;17;1.25;0.0',
      '2023-04-26;06:33:06;Passer domesticus;Haussperling;0,725;-1;-1;0.7;17;1.25;0.0',
      '2023-04-26;6 h;Parus major;Kohlmeise;0.71;-1;-1;0.7;17;1.25;0.0',
      '2023-04-26;06:35:51;Parus major;Kohlmeise;high;-1;-1;0.7;17;1.25;0.0',
      '2023-04-26;06:36:00;Dog;Dog;0.9;-1;-1;0.7;17;1.25;0.0',
    ].join('\n');
    const read = readDetections(text);
    expect(read.rows.map((row) => row.confidence)).toEqual([0.81, 0.716, 0.725]);
    expect(read.rows[0]?.latitude).toBeUndefined();
    expect(read.rejected).toEqual([
      { line: 5, reason: DETECTION_TEXTS.badDate('2023-04-26 6 h') },
      { line: 6, reason: DETECTION_TEXTS.badConfidence('high') },
      { line: 7, reason: DETECTION_TEXTS.notASpecies('Dog') },
    ]);
  });
});

describe('BirdNET-Go', () => {
  it("reads its CSV, whose 'seconds' are Go's zero date plus a time", () => {
    const text = fixture('soundscape.wav.csv');
    expect(detectFormat(text)).toBe('birdnet-go');
    const read = readDetections(text, { fileName: '20240501_053000.wav.csv' });
    expect(read.format).toBe('birdnet-go');
    expect(read.rows).toHaveLength(5);
    expect(read.rejected).toEqual([{ line: 7, reason: DETECTION_TEXTS.notASpecies('Engine') }]);
    expect(read.rows[4]).toMatchObject({
      scientificName: 'Junco hyemalis',
      confidence: 0.82,
      startedAt: { date: '2024-05-01', time: '05:30:42' },
      offsetSeconds: 42,
      endSeconds: 45,
    });
  });

  it("rejects the rows when the recording's start is unknown, then takes the one given", () => {
    const text = fixture('soundscape.wav.csv');
    const unknown = readDetections(text, { fileName: 'soundscape.wav.csv' });
    expect(unknown.rows).toEqual([]);
    expect(unknown.rejected[0]).toEqual({ line: 2, reason: DETECTION_TEXTS.unknownStart });
    const given = readDetections(text, {
      fileName: 'soundscape.wav.csv',
      recordingStart: { date: '2024-05-01', time: '23:59:50' },
    });
    expect(given.rows[3]?.startedAt).toEqual({ date: '2024-05-02', time: '00:00:08' });
  });

  it('reads a station CSV with real dates as the local clock', () => {
    const [row] = rowsOf(
      'Start (s),End (s),Scientific name,Common name,Confidence',
      '2024-06-01 05:12:09,2024-06-01 05:12:12,Turdus merula,Eurasian Blackbird,0.9100',
    );
    expect(row).toMatchObject({ startedAt: { date: '2024-06-01', time: '05:12:09' } });
    expect(row?.sourceKey).toBe('birdnet-go|2024-06-01|05:12:09|Turdus merula');
  });

  it('reads its Raven table (Begin File, no scientific name) as a selection table', () => {
    const read = readDetections(fixture('soundscape.wav.txt'), {
      recordingStart: { date: '2024-05-01', time: '05:30:00' },
    });
    expect(read.format).toBe('birdnet-analyzer-table');
    expect(read.rows).toHaveLength(12);
    expect(read.rows[0]).toMatchObject({
      speciesCode: 'bkcchi',
      commonName: 'Black-capped Chickadee',
      confidence: 0.9016,
      file: 'soundscape.wav',
    });
    expect(read.rows[0]?.scientificName).toBeUndefined();
  });
});

describe('BirdNET-Analyzer', () => {
  it('reads a selection table, with the start the person gives', () => {
    const read = readFixture('soundscape.BirdNET.selection.table.txt', 'birdnet-analyzer-table', {
      recordingStart: { date: '2024-05-01', time: '05:30' },
    });
    expect(read.rows).toHaveLength(6);
    expect(read.rows[2]).toMatchObject({
      commonName: 'Dark-eyed Junco',
      speciesCode: 'daejun',
      confidence: 0.7375,
      startedAt: { date: '2024-05-01', time: '05:30:42' },
      offsetSeconds: 42,
      endSeconds: 45,
      file: 'soundscape.wav',
      sourceKey: 'birdnet-analyzer-table|soundscape.wav|42|code:daejun',
    });
  });

  it("takes the start from a BirdNET-Pi stream's file name", () => {
    const read = readDetections(fixture('birdnet_2025-08-02_22-12-19.BirdNET.selection.table.txt'));
    expect(read.rows.map((row) => row.startedAt.time)).toEqual(['22:12:22', '22:12:25']);
    expect(read.rows[0]).toMatchObject({ speciesCode: 'carcro1', confidence: 0.7351 });
  });

  it('reads the 2026 table, whose Begin Time runs on across recordings', () => {
    const rows = rowsOf(
      'Selection\tBegin Time (s)\tEnd Time (s)\tCommon Name\tScientific Name\tSpecies Code\tConfidence\tView\tChannel\tFile Offset (s)\tLow Freq (Hz)\tHigh Freq (Hz)\tBegin Path',
      '1\t0.0\t3.0\tBlack-capped Chickadee\tPoecile atricapillus\tbkcchi\t0.8141\tSpectrogram 1\t1\t0.0\t0\t15000\t/rec/20240501_053000.WAV',
      '2\t123.0\t126.0\tHouse Finch\tHaemorhous mexicanus\thoufin\t0.6394\tSpectrogram 1\t1\t3.0\t0\t15000\t/rec/20240501_060000.WAV',
    );
    expect(rows[1]).toMatchObject({
      scientificName: 'Haemorhous mexicanus',
      startedAt: { date: '2024-05-01', time: '06:00:03' },
      offsetSeconds: 3,
      endSeconds: 6,
    });
  });

  it('reads the combined CSV, each recording starting at its AudioMoth-style name', () => {
    const read = readFixture('BirdNET_CombinedTable.csv', 'birdnet-analyzer-csv');
    expect(read.rows).toHaveLength(12);
    const [plover] = read.rows;
    expect(plover?.startedAt).toEqual({ date: '2023-07-28', time: '21:07:24' });
    expect(plover?.file).toBe('ARU02_20230728_210700.wav');
    expect(plover).toMatchObject({ scientificName: 'Charadrius semipalmatus', confidence: 0.9983 });
  });

  it("reads the older ';' CSV, its recording named by the results file", () => {
    const read = readDetections(fixture('BirdNET_Rivendell_20210623_113602.csv'), {
      fileName: 'BirdNET_Rivendell_20210623_113602.csv',
    });
    expect(read.format).toBe('birdnet-analyzer-csv');
    expect(read.rows).toHaveLength(7);
    expect(read.rows[3]).toMatchObject({
      scientificName: 'Catharus ustulatus',
      confidence: 0.95675665,
      startedAt: { date: '2021-06-23', time: '11:36:17' },
      file: 'BirdNET_Rivendell_20210623_113602',
    });
  });

  it('marks a recording named in UTC', () => {
    const read = readDetections(fixture('20250618T230000Z_NR2_5133298.BirdNET.results.csv'));
    expect(read.rows[4]).toMatchObject({
      startedAt: { date: '2025-06-18', time: '23:15:21' },
      utc: true,
    });
  });
});

describe('a file that is no detection file', () => {
  it('is refused whole', () => {
    expect(detectFormat('Date,Species,Count\n2024-05-01,Robin,2')).toBeUndefined();
    expect(() => readDetections('Date,Species,Count\n2024-05-01,Robin,2')).toThrow(
      DetectionFileError,
    );
  });
});

describe('grouping', () => {
  it('groups by species and hour, best clips first, under the minimum left out', () => {
    const { rows } = readDetections(fixture('BirdDB.txt'));
    const { groups, belowMinimum } = groupDetections(rows);
    expect(belowMinimum).toBe(0);
    const redstarts = groups.find(
      (group) => group.hour === '2023-04-26T06' && group.scientificName === 'Phoenicurus ochruros',
    );
    expect(redstarts).toMatchObject({ detections: 4, bestConfidence: 0.95751804 });
    expect(redstarts?.clips.map((clip) => clip.startedAt.time)).toEqual([
      '06:39:21',
      '06:39:06',
      '06:39:06',
    ]);
    expect(groups.map((group) => `${group.hour} ${group.scientificName}`)).toEqual([
      '2023-04-25T19 Hirundo rustica',
      '2023-04-25T19 Parus major',
      '2023-04-25T19 Passer domesticus',
      '2023-04-25T19 Phoenicurus ochruros',
      '2023-04-25T19 Turdus merula',
      '2023-04-26T06 Parus major',
      '2023-04-26T06 Passer domesticus',
      '2023-04-26T06 Phoenicurus ochruros',
    ]);
    const strict = groupDetections(rows, 0.85);
    expect(strict.belowMinimum).toBe(14);
    expect(strict.groups.map((group) => group.scientificName)).toEqual([
      'Hirundo rustica',
      'Phoenicurus ochruros',
      'Phoenicurus ochruros',
    ]);
  });

  it('takes the minimum confidence from the import options, 0.7 unless chosen', () => {
    expect(detectionImportOptionsSchema.parse({}).minConfidence).toBe(0.7);
    expect(detectionImportOptionsSchema.safeParse({ minConfidence: 0.05 }).success).toBe(false);
    expect(
      detectionImportOptionsSchema.parse({ recordingStart: { date: '2024-05-01', time: '05:30' } })
        .recordingStart,
    ).toEqual({ date: '2024-05-01', time: '05:30:00' });
  });
});
