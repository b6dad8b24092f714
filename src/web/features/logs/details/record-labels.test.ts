import { describe, expect, it } from 'vitest';
import { countryName, hierarchyLine, mediaLabel, sourceLabel } from './record-labels';

describe('the words of a record’s details', () => {
  it('names Macaulay Library assets by their catalog number, other media by their site', () => {
    expect(mediaLabel('https://macaulaylibrary.org/asset/613192950')).toBe(
      'Macaulay Library ML613192950',
    );
    expect(mediaLabel('https://www.xeno-canto.org/12345')).toBe('xeno-canto.org/12345');
  });

  it('names the source by its site', () => {
    expect(sourceLabel('https://ebird.org/checklist/S171000001')).toBe('View on eBird');
    expect(sourceLabel('https://www.inaturalist.org/observations/1')).toBe('View on iNaturalist');
    expect(sourceLabel('https://example.org/obs/1')).toBe('View the source record');
  });

  it('writes the place hierarchy with the country by name', () => {
    const line = { county: 'Tompkins', stateProvince: 'US-NY', countryCode: 'US' };
    expect(hierarchyLine(line)).toBe('Tompkins, US-NY, United States');
    expect(hierarchyLine({ ...line, county: null })).toBe('US-NY, United States');
    expect(hierarchyLine({ county: null, stateProvince: null, countryCode: null })).toBe('');
    expect(countryName('DE')).toBe('Germany');
  });
});
