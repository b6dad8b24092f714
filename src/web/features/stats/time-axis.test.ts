import { describe, expect, it } from 'vitest';
import { axisLabels, bucketDates as datesOf, fillBuckets, nextBucket } from './time-axis';

describe('fillBuckets', () => {
  it('puts every bucket between the first and the last on the axis, empty ones at 0', () => {
    const points = [
      { bucketStart: '2026-01-05', totalCount: 3 },
      { bucketStart: '2026-02-02', totalCount: 1 },
    ];
    expect(fillBuckets(points, 'week')).toEqual([
      { bucketStart: '2026-01-05', totalCount: 3 },
      { bucketStart: '2026-01-12', totalCount: 0 },
      { bucketStart: '2026-01-19', totalCount: 0 },
      { bucketStart: '2026-01-26', totalCount: 0 },
      { bucketStart: '2026-02-02', totalCount: 1 },
    ]);
    const months = fillBuckets(
      [
        { bucketStart: '2025-11-01', totalCount: 2 },
        { bucketStart: '2026-02-01', totalCount: 5 },
      ],
      'month',
    );
    expect(months.map((point) => point.bucketStart)).toEqual([
      '2025-11-01',
      '2025-12-01',
      '2026-01-01',
      '2026-02-01',
    ]);
    expect(months.map((point) => point.totalCount)).toEqual([2, 0, 0, 5]);
  });

  it('steps over month ends and leap days', () => {
    expect(nextBucket('2024-02-28', 'day')).toBe('2024-02-29');
    expect(nextBucket('2024-02-29', 'day')).toBe('2024-03-01');
    expect(nextBucket('2025-12-29', 'week')).toBe('2026-01-05');
    expect(nextBucket('2026-12-01', 'month')).toBe('2027-01-01');
  });

  it('draws a very long daily series as it came', () => {
    const points = [
      { bucketStart: '1990-01-01', totalCount: 1 },
      { bucketStart: '2026-01-01', totalCount: 1 },
    ];
    expect(fillBuckets(points, 'day')).toBe(points);
  });
});

describe('axisLabels', () => {
  it('names the year on the first label and where it changes', () => {
    const points = ['2025-12-22', '2025-12-29', '2026-01-05', '2026-01-12'].map((day) => ({
      bucketStart: day,
      totalCount: 1,
    }));
    expect(axisLabels(points, 'week', 'en-US')).toEqual([
      'Dec 22, 2025',
      'Dec 29',
      'Jan 5, 2026',
      'Jan 12',
    ]);
    expect(axisLabels([{ bucketStart: '2026-05-01', totalCount: 1 }], 'month', 'en-US')).toEqual([
      'May 2026',
    ]);
  });
});

describe('bucketDates', () => {
  it("names the bucket's dates", () => {
    // ICU puts thin spaces around the range's dash
    const bucketDates = (...args: Parameters<typeof datesOf>) =>
      datesOf(...args).replace(/\u2009/g, ' ');
    expect(bucketDates('2026-05-04', 'day', 'en-US')).toBe('May 4, 2026');
    expect(bucketDates('2026-05-04', 'week', 'en-US')).toBe('May 4 – 10, 2026');
    expect(bucketDates('2025-12-29', 'week', 'en-US')).toBe('Dec 29, 2025 – Jan 4, 2026');
    expect(bucketDates('2026-05-01', 'month', 'en-US')).toBe('May 2026');
  });
});
