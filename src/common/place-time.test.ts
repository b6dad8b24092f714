import { describe, expect, it } from 'vitest';
import {
  localDateAt,
  localIsoAt,
  localNoon,
  wallClockAt,
  wallClockToInstant,
  zoneAt,
} from './place-time.js';

describe('the time at the place', () => {
  it('finds the zone of coordinates offline', () => {
    expect(zoneAt(39.74, -104.99)).toBe('America/Denver');
    expect(zoneAt(52.52, 13.4)).toBe('Europe/Berlin');
    expect(zoneAt(95, 0)).toBeUndefined();
  });

  it('reads a wall-clock time through the zone, with or without daylight saving', () => {
    const at = (clock: Parameters<typeof wallClockToInstant>[0], zone: string) =>
      wallClockToInstant(clock, zone)?.toISOString();
    expect(at({ year: 2024, month: 1, day: 6, hour: 10, minute: 40 }, 'America/Denver')).toBe(
      '2024-01-06T17:40:00.000Z',
    );
    expect(at({ year: 2024, month: 7, day: 6, hour: 6, minute: 15 }, 'Europe/Berlin')).toBe(
      '2024-07-06T04:15:00.000Z',
    );
    expect(at({ year: 2024, month: 2, day: 30, hour: 6, minute: 0 }, 'UTC')).toBeUndefined();
  });

  it('takes the first of a repeated hour and moves a time in a gap on, either side of Greenwich', () => {
    const at = (zone: string, date: string, time: string) => {
      const [year, month, day] = date.split('-').map(Number) as [number, number, number];
      const [hour, minute] = time.split(':').map(Number) as [number, number];
      return wallClockToInstant({ year, month, day, hour, minute }, zone)?.toISOString();
    };
    // repeated: the earlier instant, the offset before the change
    expect(at('America/New_York', '2024-11-03', '01:30')).toBe('2024-11-03T05:30:00.000Z');
    expect(at('Australia/Sydney', '2024-04-07', '02:30')).toBe('2024-04-06T15:30:00.000Z');
    expect(at('Europe/Berlin', '2024-10-27', '02:30')).toBe('2024-10-27T00:30:00.000Z');
    expect(at('Australia/Lord_Howe', '2024-04-07', '01:45')).toBe('2024-04-06T14:45:00.000Z');
    expect(at('America/Santiago', '2024-04-06', '23:30')).toBe('2024-04-07T02:30:00.000Z');
    // either side of a repeated hour: one reading
    expect(at('Australia/Sydney', '2024-04-07', '01:59')).toBe('2024-04-06T14:59:00.000Z');
    expect(at('Australia/Sydney', '2024-04-07', '03:00')).toBe('2024-04-06T17:00:00.000Z');
    // a gap: moved on by its length, on the same day (half an hour at Lord Howe)
    expect(at('America/New_York', '2024-03-10', '02:30')).toBe('2024-03-10T07:30:00.000Z');
    expect(at('Australia/Sydney', '2024-10-06', '02:30')).toBe('2024-10-05T16:30:00.000Z');
    expect(at('Australia/Lord_Howe', '2024-10-06', '02:10')).toBe('2024-10-05T15:40:00.000Z');
    expect(at('America/Santiago', '2024-09-08', '00:30')).toBe('2024-09-08T04:30:00.000Z');
    // a zone at +05:30 without daylight saving, the day before in UTC
    expect(at('Asia/Kolkata', '2024-05-01', '00:10')).toBe('2024-04-30T18:40:00.000Z');
  });

  it('writes the local time with its offset, and a date-only day at local noon', () => {
    const noon = localNoon({ year: 2024, month: 3, day: 9 }, 'America/Los_Angeles')!;
    expect(noon.toISOString()).toBe('2024-03-09T20:00:00.000Z');
    expect(localIsoAt(noon, 'America/Los_Angeles')).toBe('2024-03-09T12:00:00-08:00');
    expect(localDateAt(noon, 'America/Los_Angeles')).toBe('2024-03-09');
    expect(localIsoAt(new Date('2024-07-06T04:15:00Z'), 'Asia/Kolkata')).toBe(
      '2024-07-06T09:45:00+05:30',
    );
    expect(localIsoAt(new Date('2024-07-06T04:15:00Z'), 'UTC')).toBe('2024-07-06T04:15:00Z');
  });

  it('reads the wall-clock time an instant shows in a zone', () => {
    const instant = new Date('2024-05-12T01:42:10Z'); // 07:42:10 in Bishkek (+06)
    const clock = { year: 2024, month: 5, day: 12, hour: 7, minute: 42, second: 10 };
    expect(wallClockAt(instant, 'Asia/Bishkek')).toEqual(clock);
    expect(wallClockAt(instant, 'America/New_York')).toMatchObject({ day: 11, hour: 21 });
  });
});
