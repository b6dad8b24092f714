import { describe, expect, it } from 'vitest';
import type { DetectionGroupReply } from '../../../common/detections';
import {
  bySpecies,
  clipLine,
  detectionsText,
  fileName,
  hourLabel,
  importFigures,
  offsetText,
  percent,
  spansDays,
} from './detection-format';

const group = (
  speciesKey: string,
  hour: string,
  detections: number,
  bestConfidence: number,
): DetectionGroupReply => ({
  speciesKey,
  scientificName: speciesKey,
  commonName: `${speciesKey} (common)`,
  speciesCode: null,
  hour,
  detections,
  bestConfidence,
  clips: [],
});

describe('what the detections say', () => {
  it('a score as a percent, and a count of detections', () => {
    expect(percent(0.934)).toBe('93%');
    expect(percent(1)).toBe('100%');
    expect(percent(0.705)).toBe('71%');
    expect(detectionsText(1)).toBe('1 detection');
    expect(detectionsText(1234)).toBe('1,234 detections');
  });

  it('seconds into a recording as a player shows them', () => {
    expect(offsetText(0)).toBe('0:00');
    expect(offsetText(12)).toBe('0:12');
    expect(offsetText(12.9)).toBe('0:12');
    expect(offsetText(754)).toBe('12:34');
    expect(offsetText(3725)).toBe('1:02:05');
  });

  it("a clip's time of day, score, file and place in it", () => {
    const clip = {
      detectedAt: '2024-05-01T05:31:12-04:00',
      confidence: 0.93,
      file: '/data/input/20240501_053000.wav',
      offsetSeconds: 12,
    };
    expect(clipLine(clip)).toBe('05:31:12 · 93% · 20240501_053000.wav at 0:12');
    expect(clipLine({ ...clip, offsetSeconds: null })).toBe('05:31:12 · 93% · 20240501_053000.wav');
    expect(clipLine({ ...clip, file: null })).toBe('05:31:12 · 93%');
    expect(fileName('C:\\Recordings\\ARU02_20230728_210700.WAV')).toBe('ARU02_20230728_210700.WAV');
  });

  it('a local hour as a range, with its day when the list spans days', () => {
    expect(hourLabel('2023-04-25T19', false)).toBe('19:00–20:00');
    expect(hourLabel('2023-04-25T23', false)).toBe('23:00–00:00');
    expect(hourLabel('2023-04-26T06', true)).toBe('Apr 26, 2023, 06:00–07:00');
    expect(spansDays([group('a', '2023-04-25T19', 1, 0.8)])).toBe(false);
    expect(
      spansDays([group('a', '2023-04-25T19', 1, 0.8), group('a', '2023-04-26T06', 1, 0.8)]),
    ).toBe(true);
  });

  it('groups the hours by species, first heard first, with their totals', () => {
    const species = bySpecies([
      group('Turdus merula', '2023-04-25T05', 2, 0.81),
      group('Erithacus rubecula', '2023-04-25T05', 1, 0.9),
      group('Turdus merula', '2023-04-25T06', 3, 0.95),
    ]);
    expect(species.map((one) => one.speciesKey)).toEqual(['Turdus merula', 'Erithacus rubecula']);
    expect(species[0]).toMatchObject({ detections: 5, bestConfidence: 0.95 });
    expect(species[0]!.hours.map((hour) => hour.hour)).toEqual(['2023-04-25T05', '2023-04-25T06']);
  });

  it("an import's figures, as a dry run and as done", () => {
    const result = {
      format: 'birdnet-pi' as const,
      outings: [],
      read: 1200,
      kept: 800,
      belowMinimum: 390,
      alreadyImported: 0,
      rejected: [],
      rejectedCount: 8,
      repeated: 2,
    };
    expect(importFigures(result, true)).toEqual([
      { label: 'Read', value: '1,200' },
      { label: 'To import', value: '800' },
      { label: 'Below the minimum', value: '390' },
      { label: 'Already imported', value: '0' },
      { label: 'Repeated in the file', value: '2' },
      { label: 'Rows left out', value: '8' },
    ]);
    expect(importFigures(result, false)[1]).toEqual({ label: 'Imported', value: '800' });
  });
});
