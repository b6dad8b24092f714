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
