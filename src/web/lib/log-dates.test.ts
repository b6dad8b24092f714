import { describe, expect, it } from 'vitest';
import {
  differsFromViewer,
  formatDay,
  formatObservedDay,
  formatObservedLong,
  formatObservedMedium,
  formatObservedTime,
  observedDateTime,
  observedDay,
} from './log-dates';

const place = { locale: 'en-US', timeZone: 'UTC' };
const at = (observedAt: string) => ({ observedAt, timeZone: null, timeKnown: true });

describe('log dates', () => {
  it('reads medium on the card', () => {
    expect(formatObservedMedium(at('2026-05-01T06:30:00Z'), place)).toBe('May 1, 2026, 6:30 AM');
  });

  it("reads long date 'at' time on the details page", () => {
    expect(formatObservedLong(at('2026-05-01T18:05:00Z'), place)).toBe('May 1, 2026 at 6:05 PM');
  });

  it('reads the long date alone for created and updated', () => {
    expect(formatDay('2026-12-31T23:59:00Z', place)).toBe('December 31, 2026');
  });

  it("follows the browser's time zone for a log without one", () => {
    const paris = { locale: 'en-US', timeZone: 'Europe/Paris' };
    expect(formatObservedMedium(at('2026-05-01T22:30:00Z'), paris)).toBe('May 2, 2026, 12:30 AM');
    expect(formatDay('2026-12-31T23:59:00Z', paris)).toBe('January 1, 2027');
  });
});

describe('the day and the time apart (the list groups logs under their day)', () => {
  it("gives the day at the place, and the viewer's for a log without a zone", () => {
    // 01:30 in Tokyo on May 2 is still May 1 in UTC and in New York
    const tokyo = { observedAt: '2026-05-01T16:30:00Z', timeZone: 'Asia/Tokyo', timeKnown: true };
    expect(observedDay(tokyo, place)).toBe('2026-05-02');
    expect(observedDay(at('2026-05-01T16:30:00Z'), { timeZone: 'America/New_York' })).toBe(
      '2026-05-01',
    );
    expect(formatObservedDay(tokyo, place, 'medium')).toBe('May 2, 2026');
  });

  it('reads the time alone, with the zone when it differs, or says it was not recorded', () => {
    expect(formatObservedTime(at('2026-05-01T06:30:00Z'), place)).toBe('6:30 AM');
    const denver = { observedAt: '2024-01-06T17:40:00Z', timeZone: 'America/Denver' };
    expect(formatObservedTime({ ...denver, timeKnown: true }, place)).toBe('10:40 AM MST');
    expect(formatObservedTime({ ...denver, timeKnown: false }, place)).toBe('time not recorded');
  });
});

describe('the time at the place', () => {
  // an eBird checklist at 10:40 in Colorado in January: 17:40 UTC
  const denver = { observedAt: '2024-01-06T17:40:00.000Z', timeZone: 'America/Denver' };
  const berlin = { locale: 'en-US', timeZone: 'Europe/Berlin' };

  it("reads a Denver log seen from Berlin at Denver's clock, naming the zone", () => {
    expect(formatObservedMedium({ ...denver, timeKnown: true }, berlin)).toBe(
      'Jan 6, 2024, 10:40 AM MST',
    );
    expect(formatObservedLong({ ...denver, timeKnown: true }, berlin)).toBe(
      'January 6, 2024 at 10:40 AM MST',
    );
  });

  it('names no zone when the viewer is there', () => {
    const denverViewer = { locale: 'en-US', timeZone: 'America/Denver' };
    expect(formatObservedMedium({ ...denver, timeKnown: true }, denverViewer)).toBe(
      'Jan 6, 2024, 10:40 AM',
    );
    // Phoenix keeps MST all year: in January its clock is Denver's
    const phoenix = { locale: 'en-US', timeZone: 'America/Phoenix' };
    expect(formatObservedMedium({ ...denver, timeKnown: true }, phoenix)).toBe(
      'Jan 6, 2024, 10:40 AM',
    );
  });

  it('names summer time and zones English has no abbreviation for', () => {
    const july = { observedAt: '2024-07-06T16:40:00Z', timeZone: 'America/Denver' };
    expect(formatObservedMedium(july, berlin)).toBe('Jul 6, 2024, 10:40 AM MDT');
    // an eBird checklist in Berlin in July at 06:15 is 04:15 UTC
    const morning = { observedAt: '2024-07-06T04:15:00Z', timeZone: 'Europe/Berlin' };
    expect(formatObservedMedium(morning, { locale: 'en-US', timeZone: 'America/Denver' })).toBe(
      'Jul 6, 2024, 6:15 AM GMT+2',
    );
  });

  it('reads an unknown zone name in the viewer zone instead of failing', () => {
    const unknown = { observedAt: '2024-01-06T17:40:00Z', timeZone: 'Mars/Olympus_Mons' };
    expect(formatObservedMedium(unknown, place)).toBe('Jan 6, 2024, 5:40 PM');
  });

  it('tells when a clock differs from the viewer’s', () => {
    const instant = new Date('2024-01-06T17:40:00Z');
    expect(differsFromViewer(instant, 'America/Denver', berlin)).toBe(true);
    expect(differsFromViewer(instant, 'Europe/Paris', berlin)).toBe(false);
  });
});

describe('a date-only log', () => {
  // stored at local noon of its day at the place (UTC noon without a zone)
  const hawaii = { locale: 'en-US', timeZone: 'Pacific/Honolulu' }; // UTC-10
  const kiritimati = { locale: 'en-US', timeZone: 'Pacific/Kiritimati' }; // UTC+14
  const inDenver = { observedAt: '2024-01-06T19:00:00Z', timeZone: 'America/Denver' };
  const noZone = { observedAt: '2024-01-06T12:00:00Z', timeZone: null };

  it('shows its own date and no time in every viewer zone', () => {
    for (const viewer of [hawaii, kiritimati, place]) {
      for (const log of [inDenver, noZone]) {
        expect(formatObservedMedium({ ...log, timeKnown: false }, viewer)).toBe(
          'Jan 6, 2024 · time not recorded',
        );
        expect(formatObservedLong({ ...log, timeKnown: false }, viewer)).toBe(
          'January 6, 2024 · time not recorded',
        );
        expect(formatObservedDay({ ...log, timeKnown: false }, viewer)).toBe('January 6, 2024');
        expect(formatObservedDay({ ...log, timeKnown: false }, viewer, 'medium')).toBe(
          'Jan 6, 2024',
        );
      }
    }
  });

  it('would have shown another day in the viewer zone', () => {
    // what the card showed before: the instant read in the viewer's zone
    expect(formatDay(noZone.observedAt, kiritimati)).toBe('January 7, 2024');
  });
});

describe('the machine-readable time', () => {
  it('is the instant, or the day of a date-only log', () => {
    const denver = { observedAt: '2024-01-06T19:00:00.000Z', timeZone: 'America/Denver' };
    expect(observedDateTime({ ...denver, timeKnown: true })).toBe(denver.observedAt);
    expect(observedDateTime({ ...denver, timeKnown: false })).toBe('2024-01-06');
  });
});
