import { describe, expect, it } from 'vitest';
import {
  emptyStateText,
  formatBucketLabel,
  growthCaption,
  formatCount,
  statsExportUrl,
  statsRangeQuery,
  topSpeciesRanking,
  uncountedNote,
  withTopSpeciesRanking,
} from './stats-format';

describe('formatBucketLabel', () => {
  it('shows short month and day for daily and weekly buckets', () => {
    expect(formatBucketLabel('2026-05-04', 'day', 'en-US')).toBe('May 4');
    expect(formatBucketLabel('2026-05-04', 'week', 'en-US')).toBe('May 4');
    expect(formatBucketLabel('2025-12-29', 'week', 'en-US')).toBe('Dec 29');
  });

  it('shows short month and year for monthly buckets', () => {
    expect(formatBucketLabel('2026-05-01', 'month', 'en-US')).toBe('May 2026');
    expect(formatBucketLabel('2025-01-01', 'month', 'en-US')).toBe('Jan 2025');
  });

  it('never shifts the calendar day, whatever the zone', () => {
    // the first of a month stays the first: a UTC midnight read in a western zone would not
    expect(formatBucketLabel('2026-03-01', 'day', 'en-US')).toBe('Mar 1');
  });
});

describe('uncountedNote', () => {
  it('says how many logs are X, and nothing when none are (issue 32)', () => {
    expect(uncountedNote(1234, 'en-US')).toBe('Not counted (X): 1,234 logs');
    expect(uncountedNote(1, 'en-US')).toBe('Not counted (X): 1 log');
    expect(uncountedNote(0)).toBeUndefined();
    expect(uncountedNote(undefined)).toBeUndefined();
  });
});

describe('formatCount', () => {
  it('uses thousands separators', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCount(999, 'en-US')).toBe('999');
  });

  it('shows 0 while absent', () => {
    expect(formatCount(undefined, 'en-US')).toBe('0');
  });
});

describe('emptyStateText', () => {
  it('explains an empty time series with and without a date filter', () => {
    expect(emptyStateText('timeSeries', { from: '', to: '' })).toEqual({
      title: 'No time-series data',
      description: 'Start logging wildlife sightings to see trends over time.',
    });
    expect(emptyStateText('timeSeries', { from: '2026-05-01', to: '' })).toEqual({
      title: 'No time-series data',
      description: 'No observations found in the selected date range. Try adjusting your filters.',
    });
  });

  it('explains an empty species chart with and without a date filter', () => {
    expect(emptyStateText('species', { from: '', to: '' })).toEqual({
      title: 'No species data',
      description: 'Log your first wildlife observation to see which species you encounter most.',
    });
    expect(emptyStateText('species', { from: '', to: '2026-05-31' })).toEqual({
      title: 'No species data',
      description:
        'No species observed in the selected date range. Try expanding your date filters.',
    });
  });

  it('gives the growth and per-period charts texts of their own (issue 34)', () => {
    const texts = (['timeSeries', 'species', 'growth', 'periods'] as const).flatMap((chart) =>
      [
        { from: '', to: '' },
        { from: '2026-05-01', to: '' },
      ].map((filters) => emptyStateText(chart, filters)),
    );
    // one card's text never names another's: each empty state is found on its own
    expect(new Set(texts.map((text) => text.title)).size).toBe(4);
    expect(new Set(texts.map((text) => text.description)).size).toBe(8);
    expect(emptyStateText('growth', { from: '', to: '' })).toEqual({
      title: 'No life list yet',
      description: 'Log a wild species to start your life list and watch it grow.',
    });
  });
});

describe('growthCaption', () => {
  it('says the growth is of the selected dates’ species when a date is set', () => {
    expect(growthCaption({ from: '', to: ' ' })).toBe(
      'Wild species, added on the day each was first seen',
    );
    expect(growthCaption({ from: '', to: '2026-05-31' })).toBe(
      'Wild species of the selected dates, added on the day each was first seen in them',
    );
  });
});

describe('statsRangeQuery', () => {
  it('always sends the zone and leaves empty dates out', () => {
    expect(statsRangeQuery({ from: '', to: '' }, 'Europe/Paris')).toEqual({ tz: 'Europe/Paris' });
    expect(statsRangeQuery({ from: '2026-05-01', to: ' ' }, 'UTC')).toEqual({
      tz: 'UTC',
      from: '2026-05-01',
    });
  });

  it('builds the export link of the chosen range', () => {
    expect(statsExportUrl({ from: '2026-05-01', to: '2026-05-31' }, 'Europe/Paris')).toBe(
      '/api/export.csv?tz=Europe%2FParis&from=2026-05-01&to=2026-05-31',
    );
  });
});

describe('the top species ranking in the URL', () => {
  it('reads logs from ?top=logs and individuals from anything else', () => {
    expect(topSpeciesRanking('top=logs')).toBe('logs');
    expect(topSpeciesRanking('?outingId=abc&top=logs')).toBe('logs');
    expect(topSpeciesRanking('')).toBe('individuals');
    expect(topSpeciesRanking('top=individuals')).toBe('individuals');
    expect(topSpeciesRanking('top=LOGS')).toBe('individuals');
    expect(topSpeciesRanking('top=')).toBe('individuals');
  });

  it('sets or drops the parameter and keeps the others', () => {
    expect(withTopSpeciesRanking('', 'logs')).toBe('?top=logs');
    expect(withTopSpeciesRanking('top=logs', 'individuals')).toBe('');
    expect(withTopSpeciesRanking('outingId=abc', 'logs')).toBe('?outingId=abc&top=logs');
    expect(withTopSpeciesRanking('outingId=abc&top=logs', 'individuals')).toBe('?outingId=abc');
    expect(withTopSpeciesRanking('top=logs', 'logs')).toBe('?top=logs');
  });

  it('reads back what it writes', () => {
    for (const ranking of ['individuals', 'logs'] as const) {
      expect(topSpeciesRanking(withTopSpeciesRanking('outingId=abc', ranking))).toBe(ranking);
    }
  });
});
