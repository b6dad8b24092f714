import { describe, expect, it } from 'vitest';
import { formatDay, formatObservedLong, formatObservedMedium } from './log-dates';

const place = { locale: 'en-US', timeZone: 'UTC' };

describe('log dates', () => {
  it('reads medium on the card', () => {
    expect(formatObservedMedium('2026-05-01T06:30:00Z', place)).toBe('May 1, 2026, 6:30 AM');
  });

  it("reads long date 'at' time on the details page", () => {
    expect(formatObservedLong('2026-05-01T18:05:00Z', place)).toBe('May 1, 2026 at 6:05 PM');
  });

  it('reads the long date alone for created and updated', () => {
    expect(formatDay('2026-12-31T23:59:00Z', place)).toBe('December 31, 2026');
  });

  it("follows the browser's time zone", () => {
    const paris = { locale: 'en-US', timeZone: 'Europe/Paris' };
    expect(formatObservedMedium('2026-05-01T22:30:00Z', paris)).toBe('May 2, 2026, 12:30 AM');
    expect(formatDay('2026-12-31T23:59:00Z', paris)).toBe('January 1, 2027');
  });
});
