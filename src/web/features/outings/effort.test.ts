import { describe, expect, it } from 'vitest';
import { effortLine, formatDistance, formatDuration } from './effort';

describe('outing effort', () => {
  it('writes durations in hours and minutes', () => {
    expect(formatDuration(0)).toBe('0 min');
    expect(formatDuration(45)).toBe('45 min');
    expect(formatDuration(120)).toBe('2 h');
    expect(formatDuration(90)).toBe('1 h 30 min');
    expect(formatDuration(1565)).toBe('26 h 5 min');
  });

  it('rounds distances to what a walk can tell', () => {
    expect(formatDistance(0.354)).toBe('0.35 km');
    expect(formatDistance(2.44)).toBe('2.4 km');
    expect(formatDistance(12.6)).toBe('13 km');
  });

  it('leaves out what was not recorded', () => {
    const outing = { protocol: 'traveling', durationMinutes: 90, distanceKm: 2.4, partySize: 3 };
    expect(effortLine({ ...outing, protocol: 'traveling' })).toBe(
      'Traveling · 1 h 30 min · 2.4 km · 3 observers',
    );
    expect(
      effortLine({ protocol: 'stationary', durationMinutes: 20, distanceKm: null, partySize: 1 }),
    ).toBe('Stationary · 20 min · 1 observer');
    expect(
      effortLine({
        protocol: 'incidental',
        durationMinutes: null,
        distanceKm: null,
        partySize: null,
      }),
    ).toBe('Incidental');
  });
});
