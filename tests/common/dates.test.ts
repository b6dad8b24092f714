import { describe, expect, it } from 'vitest';
import {
  dayAfter,
  isIsoDate,
  parseIsoDateTime,
  readIsoDateTime,
  utcDayStart,
} from '../../src/common/dates.js';

describe('ISO 8601 date-times', () => {
  it.each([
    ['2026-05-01T06:30', '2026-05-01T06:30:00.000Z'],
    ['2026-05-01T06:30:15', '2026-05-01T06:30:15.000Z'],
    ['2026-05-01T06:30Z', '2026-05-01T06:30:00.000Z'],
    ['2026-05-01T06:30:00.250Z', '2026-05-01T06:30:00.250Z'],
    ['2026-05-01T23:30+02:00', '2026-05-01T21:30:00.000Z'],
    ['2026-05-01T00:30-0530', '2026-05-01T06:00:00.000Z'],
    ['2024-02-29T12:00', '2024-02-29T12:00:00.000Z'],
    ['0050-06-01T12:00Z', '0050-06-01T12:00:00.000Z'], // not 1950
    ['0001-01-01T00:00Z', '0001-01-01T00:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['2026-05-01T10:00+14:00', '2026-04-30T20:00:00.000Z'],
    ['2026-05-01T10:00-12:00', '2026-05-01T22:00:00.000Z'],
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

  it.each([
    ['9999-12-31T23:30-01:00', 'Date and time must be between the years 1 and 9999'],
    ['0001-01-01T00:30+01:00', 'Date and time must be between the years 1 and 9999'],
    ['0000-06-01T12:00Z', 'Date and time must be between the years 1 and 9999'],
    ['2026-05-01T10:00+99:99', 'Date and time must be valid'],
    ['2026-05-01T10:00+05:60', 'Date and time must be valid'],
    ['2026-05-01T10:00+14:30', 'The offset of a date and time must be between -14:00 and +14:00'],
    ['2026-05-01T10:00-15:00', 'The offset of a date and time must be between -14:00 and +14:00'],
  ])('refuses %s: %s', (text, problem) => {
    expect(readIsoDateTime(text)).toEqual({ problem });
    expect(parseIsoDateTime(text)).toBeUndefined();
  });

  it('knows real calendar days and where a UTC day starts', () => {
    expect(isIsoDate('2026-03-31')).toBe(true);
    expect(isIsoDate('2026-02-29')).toBe(false);
    expect(isIsoDate('2026-3-1')).toBe(false);
    expect(utcDayStart('2026-12-31', 1).toISOString()).toBe('2027-01-01T00:00:00.000Z');
    expect(isIsoDate('0001-01-01')).toBe(true);
    expect(isIsoDate('0050-02-29')).toBe(false); // 50 was no leap year (1950 was not either)
    expect(isIsoDate('0048-02-29')).toBe(true); // 48 was; 1948 too, but 0048 must stay 0048
    expect(isIsoDate('0000-01-01')).toBe(false);
    expect(isIsoDate('9999-12-31')).toBe(true);
    expect(dayAfter('9999-12-31')).toBe('10000-01-01');
    expect(dayAfter('0099-12-31')).toBe('0100-01-01');
    expect(dayAfter('2024-02-28')).toBe('2024-02-29');
  });
});
