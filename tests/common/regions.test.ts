import { describe, expect, it } from 'vitest';
import { REGIONS, regionOfZone } from '../../src/common/regions.js';

// The region of a place's time zone (issue 33): what the species pickers rank by, on the server
// and in the offline pack alike. Zones of every continent and hemisphere, islands, old names.

describe('regionOfZone', () => {
  it.each([
    ['America/New_York', REGIONS.northAmerica],
    ['America/Anchorage', REGIONS.northAmerica],
    ['America/Mexico_City', REGIONS.northAmerica],
    ['America/Havana', REGIONS.northAmerica],
    ['America/Panama', REGIONS.northAmerica],
    ['America/Nuuk', REGIONS.northAmerica],
    ['Atlantic/Bermuda', REGIONS.northAmerica],
    ['US/Pacific', REGIONS.northAmerica],
    ['America/Sao_Paulo', REGIONS.southAmerica],
    ['America/Argentina/Ushuaia', REGIONS.southAmerica],
    ['America/Punta_Arenas', REGIONS.southAmerica],
    ['America/Bogota', REGIONS.southAmerica],
    ['Pacific/Galapagos', REGIONS.southAmerica],
    ['Atlantic/Stanley', REGIONS.southAmerica],
    ['Europe/Paris', REGIONS.europe],
    ['Europe/Kyiv', REGIONS.europe],
    ['Atlantic/Reykjavik', REGIONS.europe],
    ['Atlantic/Canary', REGIONS.europe],
    ['Atlantic/Azores', REGIONS.europe],
    ['Africa/Johannesburg', REGIONS.africa],
    ['Africa/Nairobi', REGIONS.africa],
    ['Indian/Antananarivo', REGIONS.africa],
    ['Indian/Reunion', REGIONS.africa],
    ['Atlantic/Cape_Verde', REGIONS.africa],
    ['Asia/Tokyo', REGIONS.asia],
    ['Asia/Kolkata', REGIONS.asia],
    ['Asia/Jakarta', REGIONS.asia],
    ['Indian/Maldives', REGIONS.asia],
    ['Australia/Sydney', REGIONS.oceania],
    ['Australia/Perth', REGIONS.oceania],
    ['Pacific/Auckland', REGIONS.oceania],
    ['Pacific/Honolulu', REGIONS.oceania],
    ['Pacific/Port_Moresby', REGIONS.oceania],
    ['Antarctica/McMurdo', REGIONS.antarctica],
  ])('%s', (zone, region) => {
    expect(regionOfZone(zone)).toBe(region);
  });

  it('knows no region for UTC, Etc zones, nothing and nonsense', () => {
    for (const zone of ['UTC', 'Etc/GMT+5', 'GMT', '', null, undefined, 'Mars/Olympus'])
      expect(regionOfZone(zone)).toBe(0);
  });
});
