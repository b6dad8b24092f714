import { describe, expect, it } from 'vitest';
import { photoTime } from './photo-time';

describe("a photo's capture time", () => {
  it("reads the camera's clock at the photo's place", () => {
    // a photo taken at 10:40 in Colorado, uploaded from a browser in Berlin
    expect(photoTime({ takenAt: '2024-01-06T10:40' }, 'America/Denver', 'Europe/Berlin')).toEqual({
      local: '2024-01-06T10:40',
      zone: 'America/Denver',
    });
  });

  it("reads it at the form's zone without a GPS position", () => {
    expect(photoTime({ takenAt: '2024-01-06T10:40' }, undefined, 'Europe/Berlin')).toEqual({
      local: '2024-01-06T10:40',
      zone: 'Europe/Berlin',
    });
  });

  it('trusts a recorded offset for the instant, shown at the zone’s clock', () => {
    // a camera still on Berlin time in Denver wrote 18:40+01:00: 10:40 in Denver
    expect(
      photoTime(
        { takenAt: '2024-01-06T18:40', takenOffset: '+01:00' },
        'America/Denver',
        'Europe/Berlin',
      ),
    ).toEqual({ local: '2024-01-06T10:40', zone: 'America/Denver' });
    expect(
      photoTime({ takenAt: '2024-01-06T10:40', takenOffset: '-07:00' }, undefined, 'Europe/Berlin'),
    ).toEqual({ local: '2024-01-06T18:40', zone: 'Europe/Berlin' });
  });
});
