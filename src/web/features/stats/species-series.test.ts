import { describe, expect, it } from 'vitest';
import { defaultPeriod, growthSeries, periodSeries } from './species-series';

describe('growthSeries', () => {
  it('draws a short span day by day, carrying the size over days that add none', () => {
    expect(
      growthSeries([
        { day: '2026-05-01', newSpecies: 3, totalSpecies: 3 },
        { day: '2026-05-04', newSpecies: 2, totalSpecies: 5 },
      ]),
    ).toEqual({
      bucket: 'day',
      series: [
        { bucketStart: '2026-05-01', totalCount: 3 },
        { bucketStart: '2026-05-02', totalCount: 3 },
        { bucketStart: '2026-05-03', totalCount: 3 },
        { bucketStart: '2026-05-04', totalCount: 5 },
      ],
    });
  });

  it('draws a long span month by month, each at its size at the month’s end', () => {
    expect(
      growthSeries([
        { day: '2025-11-03', newSpecies: 1, totalSpecies: 1 },
        { day: '2025-11-30', newSpecies: 2, totalSpecies: 3 },
        { day: '2026-02-20', newSpecies: 1, totalSpecies: 4 },
      ]),
    ).toEqual({
      bucket: 'month',
      series: [
        { bucketStart: '2025-11-01', totalCount: 3 },
        { bucketStart: '2025-12-01', totalCount: 3 },
        { bucketStart: '2026-01-01', totalCount: 3 },
        { bucketStart: '2026-02-01', totalCount: 4 },
      ],
    });
  });

  it('is empty without species', () => {
    expect(growthSeries([])).toEqual({ bucket: 'day', series: [] });
  });
});

describe('species per period', () => {
  const data = {
    months: [
      { periodStart: '2024-11-01', species: 4 },
      { periodStart: '2025-01-01', species: 7 },
    ],
    years: [
      { periodStart: '2024-01-01', species: 4 },
      { periodStart: '2026-01-01', species: 9 },
    ],
  };

  it('fills the months and years without species with 0', () => {
    expect(periodSeries(data, 'month')).toEqual([
      { bucketStart: '2024-11-01', totalCount: 4 },
      { bucketStart: '2024-12-01', totalCount: 0 },
      { bucketStart: '2025-01-01', totalCount: 7 },
    ]);
    expect(periodSeries(data, 'year')).toEqual([
      { bucketStart: '2024-01-01', totalCount: 4 },
      { bucketStart: '2025-01-01', totalCount: 0 },
      { bucketStart: '2026-01-01', totalCount: 9 },
    ]);
    expect(periodSeries({ months: [], years: [] }, 'year')).toEqual([]);
  });

  it('counts per year past 24 months, else per month', () => {
    const months = (first: string, last: string) => [
      { periodStart: first, species: 1 },
      { periodStart: last, species: 1 },
    ];
    expect(defaultPeriod(months('2024-01-01', '2025-12-01'))).toBe('month'); // 24 months
    expect(defaultPeriod(months('2024-01-01', '2026-01-01'))).toBe('year'); // 25
    expect(defaultPeriod([])).toBe('month');
  });
});
