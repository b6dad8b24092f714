import { describe, expect, it } from 'vitest';
import { readLocalInput, toLocalInput, toZonedInput, withZoneOffset } from './form-dates';

describe('form dates', () => {
  it('writes a local date-time to the minute', () => {
    expect(toLocalInput(new Date(2026, 4, 1, 6, 30, 45))).toBe('2026-05-01T06:30');
  });

  it("writes an instant at a zone's clock", () => {
    const instant = new Date('2024-01-06T17:40:30Z');
    expect(toZonedInput(instant, 'America/Denver')).toBe('2024-01-06T10:40');
    expect(toZonedInput(instant, 'Asia/Kolkata')).toBe('2024-01-06T23:10');
  });

  it("adds the zone's offset that applies then", () => {
    expect(withZoneOffset('2024-01-06T10:40', 'America/Denver')).toBe('2024-01-06T10:40:00-07:00');
    expect(withZoneOffset('2024-07-06T10:40', 'America/Denver')).toBe('2024-07-06T10:40:00-06:00');
    expect(withZoneOffset('2024-07-06T06:15', 'UTC')).toBe('2024-07-06T06:15:00Z');
  });

  it('sends noon of the day when the time is not known', () => {
    expect(withZoneOffset('2024-01-06T08:15', 'Pacific/Kiritimati', false)).toBe(
      '2024-01-06T12:00:00+14:00',
    );
  });

  it('leaves what is no date-time for the schema to name', () => {
    expect(withZoneOffset('', 'UTC')).toBe('');
    expect(withZoneOffset('2024-02-30T10:00', 'UTC')).toBe('2024-02-30T10:00');
    expect(readLocalInput('2024-01-06')).toBeUndefined();
  });
});
