import { describe, expect, it } from 'vitest';
import { isIsoDate, parseIsoDateTime, utcDayStart } from '../../src/common/dates.js';

describe('ISO 8601 date-times', () => {
  it.each([
    ['2026-05-01T06:30', '2026-05-01T06:30:00.000Z'],
    ['2026-05-01T06:30:15', '2026-05-01T06:30:15.000Z'],
    ['2026-05-01T06:30Z', '2026-05-01T06:30:00.000Z'],
    ['2026-05-01T06:30:00.250Z', '2026-05-01T06:30:00.250Z'],
    ['2026-05-01T23:30+02:00', '2026-05-01T21:30:00.000Z'],
    ['2026-05-01T00:30-0530', '2026-05-01T06:00:00.000Z'],
    ['2024-02-29T12:00', '2024-02-29T12:00:00.000Z'],
  ])('reads %s as %s', (text, iso) => {
    expect(parseIsoDateTime(text)?.toISOString()).toBe(iso);
  });

  it.each([
    '',
    '2026-05-01',
    '2026-02-29T12:00',
    '2026-04-31T12:00',
    '2026-05-01T24:00',
    '2026-05-01T12:60',
    'soon',
  ])('refuses %j', (text) => {
    expect(parseIsoDateTime(text)).toBeUndefined();
  });

  it('knows real calendar days and where a UTC day starts', () => {
    expect(isIsoDate('2026-03-31')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-3-1')).toBe(false);
    expect(utcDayStart('2026-12-31', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
  });
});
